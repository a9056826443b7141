import { z } from 'zod';
import { EgressRules } from '../../../../shared/egress';

/** The allowed targets as typed, one a line, turned into what egress.set takes (blank lines dropped) and checked by its schema. */
export const EgressFields = z
  .object({ rules: z.string() })
  .transform(({ rules }) => ({ rules: rules.split('\n').map((line) => line.trim()).filter((line) => line !== '') }))
  .pipe(EgressRules);
export type EgressFields = z.input<typeof EgressFields>;

export const egressFieldsOf = (rules: readonly string[]): EgressFields => ({ rules: rules.join('\n') });
