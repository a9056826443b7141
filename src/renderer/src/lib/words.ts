import type { SecretStorage } from '../../../shared/contract';
import type { ResponsePolicy } from '../../../shared/policy';
import type { PayloadForm, Severity, SignatureVerdict } from '../../../shared/verdicts';

export const verdictWords: Record<SignatureVerdict, string> = {
  valid: 'valid',
  invalid: 'invalid',
  missing: 'missing',
  malformed: 'malformed',
  no_secret: 'no secret',
};

export const verdictExplanations: Record<SignatureVerdict, string> = {
  valid: 'The signature matches the HMAC-SHA256 of the body with the signing secret.',
  invalid: 'The signature does not match the HMAC-SHA256 of the body with the signing secret.',
  missing: 'The delivery carried no X-Service-Signature header.',
  malformed: 'The signature header is not sha256= followed by 64 hex digits.',
  no_secret: 'No signing secret is set, so the signature cannot be checked.',
};

export const formWords: Record<PayloadForm, string> = {
  gift_cards: 'gift cards',
  crypto_form_a: 'form A',
  crypto_form_b: 'form B',
  unknown: 'unknown form',
  unparseable: 'not JSON',
};

/**
 * The renderer imports the shared schemas for their types only: zod at runtime would
 * probe `new Function` and trip the CSP. These records are exhaustive by type, so
 * their keys are the complete lists.
 */
export const signatureVerdictList = Object.keys(verdictWords) as SignatureVerdict[];
export const payloadFormList = Object.keys(formWords) as PayloadForm[];

export const severityWords: Record<Severity, { one: string; short: string }> = {
  error: { one: 'error', short: 'err' },
  warning: { one: 'warning', short: 'warn' },
  info: { one: 'info', short: 'info' },
};

/** "set · kept in a 0600 file" and the like. */
export function describeSecret(secret: { set: boolean; storage: SecretStorage }): { label: string; detail: string; warn: boolean } {
  if (!secret.set || secret.storage === 'none') {
    return { label: 'not set', detail: 'Signatures cannot be checked until a signing secret is set.', warn: false };
  }
  switch (secret.storage) {
    case 'memory':
      return { label: 'set · this run only', detail: 'Given on the command line; kept in memory for this run only.', warn: false };
    case 'file':
      return { label: 'set · kept in a 0600 file', detail: 'Kept in a file only your user can read, in the data folder.', warn: false };
    case 'safe_storage':
      return { label: 'set · encrypted by the OS', detail: "Encrypted with the operating system's keychain.", warn: false };
    case 'basic_text':
      return {
        label: 'set · stored unencrypted',
        detail: 'This system offers no keychain, so the secret is stored unencrypted on disk.',
        warn: true,
      };
    case 'simulator':
      return {
        label: 'set · from the simulator',
        detail: "The embedded simulator's own signing secret (shown in the Simulator view), in force while it runs and no secret of your own is set.",
        warn: false,
      };
  }
}

/** The response policy in words, e.g. "200 · next 3 → 500 · 401 on bad signature · after 1500 ms". */
export function describePolicy(policy: ResponsePolicy): string {
  const parts = [`answers ${policy.status}`];
  if (policy.failNext > 0) parts.push(`next ${policy.failNext} → ${policy.failStatus}`);
  if (policy.rejectInvalidSignature) parts.push('401 on bad signature');
  if (policy.delayMs > 0) parts.push(`after ${policy.delayMs} ms`);
  return parts.join(' · ');
}

export function statusClass(status: number): 'ok' | 'redirect' | 'client-error' | 'server-error' {
  if (status < 300) return 'ok';
  if (status < 400) return 'redirect';
  if (status < 500) return 'client-error';
  return 'server-error';
}
