import { timingSafeEqual } from 'node:crypto';
import { signatureDigest, wellFormedSignature } from '@webhook-inspector/service-signature';
import type { SignatureCheck } from '../../../shared/verdicts';

// The scheme (spec 5) is the service's, written once in its package; what the inspector says of a header is here.
export { signBody } from '@webhook-inspector/service-signature';

/** Why a present header is not `sha256=` + 64 hex digits. */
function malformedReason(header: string): string {
  if (/^\s*sha256=.*,\s*sha256=/i.test(header))
    return 'Several X-Service-Signature headers arrived (joined with ", "); exactly one is expected.';
  if (!header.startsWith('sha256=')) return 'The header does not start with "sha256=".';
  const digest = header.slice('sha256='.length);
  if (!/^[0-9a-fA-F]*$/.test(digest)) return 'The digest after "sha256=" contains characters that are not hex digits.';
  return `The digest after "sha256=" has ${digest.length} hex digits; HMAC-SHA256 gives 64.`;
}

/**
 * Checks X-Service-Signature against HMAC-SHA256 of the exact body bytes (spec 5). An empty secret
 * counts as no secret: the service never issues one. The secret never appears in the result.
 */
export function verifySignature(body: Uint8Array, headerValue: string | null, secret: string | null): SignatureCheck {
  return checkSignatureHeader(body.byteLength, headerValue, expectedDigest(body, secret));
}

/** HMAC-SHA256 of the body with `secret`, hex; null without a secret (an empty one counts as none). */
export function expectedDigest(body: Uint8Array, secret: string | null): string | null {
  return secret !== null && secret !== '' ? signatureDigest(body, secret) : null;
}

/** The header against the body's `expected` digest (hex; null: no secret is set), for a body of `byteLength` bytes. */
export function checkSignatureHeader(byteLength: number, headerValue: string | null, expected: string | null): SignatureCheck {
  if (headerValue === null) {
    return { verdict: 'missing', received: null, expected, reason: 'No X-Service-Signature header was sent.' };
  }
  // Hex is case-insensitive, so an uppercase digest that matches is valid (findings add an info note).
  const match = wellFormedSignature.exec(headerValue);
  if (!match?.[1]) {
    return { verdict: 'malformed', received: headerValue, expected, reason: malformedReason(headerValue) };
  }
  const received = match[1];
  if (expected === null) {
    return { verdict: 'no_secret', received, expected, reason: 'No signing secret is set, so the digest cannot be checked.' };
  }
  const matches = timingSafeEqual(Buffer.from(received, 'hex'), Buffer.from(expected, 'hex'));
  return matches
    ? { verdict: 'valid', received, expected, reason: `HMAC-SHA256 of the ${byteLength} body bytes matches the header.` }
    : {
        verdict: 'invalid',
        received,
        expected,
        reason: `HMAC-SHA256 of the ${byteLength} body bytes with the configured secret differs from the header.`,
      };
}
