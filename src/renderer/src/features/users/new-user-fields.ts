import { z } from 'zod';
import { calls } from '../../../../shared/contract';
import { Role } from '../../../../shared/roles';

/** A new user as typed (the name trimmed), checked by users.create's schema. */
export const NewUserFields = z
  .object({ name: z.string(), role: Role })
  .transform(({ name, role }) => ({ name: name.trim(), role }))
  .pipe(calls['users.create'].input);
export type NewUserFields = z.input<typeof NewUserFields>;
