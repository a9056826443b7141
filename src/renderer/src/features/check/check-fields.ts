import { z } from 'zod';
import { calls, type CallInput } from '../../../../shared/contract';

/**
 * The check form as typed, turned into what check.start takes and checked by its schema. An empty secret is none:
 * the run signs with the secret in force. The stored deliveries the run also sends are the route's, added after.
 */
export const CheckFields = z
  .object({ url: z.string(), allowSelfSigned: z.boolean(), secret: z.string() })
  .transform(({ url, allowSelfSigned, secret }): CallInput<'check.start'> => ({ url: url.trim(), allowSelfSigned, ...(secret === '' ? {} : { secret }) }))
  .pipe(calls['check.start'].input);
export type CheckFields = z.input<typeof CheckFields>;

/** What each field must be, said when it is not (by the first segment of the error's path). */
export const checkProblems = {
  url: "Your handler's URL is an http:// or https:// address, e.g. http://localhost:3000/webhooks.",
  secret: `Your handler's secret is at most ${calls['check.start'].input.shape.secret.unwrap().maxLength} characters.`,
};
