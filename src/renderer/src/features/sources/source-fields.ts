import { z } from 'zod';
import type { CoreStatus } from '../../../../shared/contract';
import { RelaySourceSettings } from '../../../../shared/relay';

/**
 * The relay form as typed, turned into what sources.set takes and checked by its schema; one rule is the form's
 * own: a channel token is typed unless the relay in force already has one.
 */
export function sourceFields(connected: boolean) {
  return z
    .object({ url: z.string(), token: z.string(), fingerprint: z.string() })
    .transform(({ url, token, fingerprint }) => ({
      url: url.trim(),
      ...(token.trim() === '' ? {} : { token }),
      fingerprint: fingerprint.trim() === '' ? null : fingerprint,
    }))
    .pipe(RelaySourceSettings)
    .refine((settings) => settings.token !== undefined || connected, { path: ['token'] });
}
export type SourceFields = z.input<ReturnType<typeof sourceFields>>;

export const sourceFieldsOf = (relay: CoreStatus['relay']): SourceFields => ({ url: relay?.url ?? '', token: '', fingerprint: relay?.fingerprint ?? '' });

/** What each field must be, said when it is not, in the order the form asks for them. */
export const sourceProblems = {
  url: "The relay's address is an https:// URL (http:// on a trusted network), e.g. https://relay.example.com.",
  fingerprint: 'A SHA-256 fingerprint is 64 hex digits, colons optional (the relay prints it as "Certificate SHA-256").',
  token: 'The channel token is needed (printed once by `relay channel create`).',
};
