import { z } from 'zod';
import { calls, type CoreStatus } from '../../../../shared/contract';
import { Port } from '../../../../shared/core-status';
import { range } from '../../components/form/field-problems';

/** A port as typed; an empty field is no number, left for the schema to refuse. */
const portOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The receiver ports as typed, turned into what settings.setPorts takes and checked by its schema. */
export const PortFields = z
  .object({ https: z.string(), httpEnabled: z.boolean(), http: z.string() })
  .transform(({ https, httpEnabled, http }) => ({ https: portOf(https), http: httpEnabled ? portOf(http) : null }))
  .pipe(calls['settings.setPorts'].input);
export type PortFields = z.input<typeof PortFields>;

export const portFieldsOf = (ports: CoreStatus['ports']): PortFields => ({
  https: String(ports.https),
  httpEnabled: ports.http !== null,
  http: ports.http === null ? '' : String(ports.http),
});

export const portProblem = `A port is a whole number ${range(Port)} (0 picks a free one).`;
