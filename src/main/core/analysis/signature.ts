import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SignatureCheck } from '../../../shared/verdicts';

// Hex is case-insensitive, so an uppercase digest that matches is valid (findings add an info note).
const wellFormed = /^sha256=([0-9a-fA-F]{64})$/;

function hmacHex(body: Uint8Array, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** The X-Service-Signature value the service would send for this body: `sha256=<lowercase hex>`. */
export function signBody(body: Uint8Array, secret: string): string {
  return `sha256=${hmacHex(body, secret)}`;
}

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
  const hasSecret = secret !== null && secret !== '';
  const expected = hasSecret ? hmacHex(body, secret) : null;
  if (headerValue === null) {
    return { verdict: 'missing', received: null, expected, reason: 'No X-Service-Signature header was sent.' };
  }
  const match = wellFormed.exec(headerValue);
  if (!match?.[1]) {
    return { verdict: 'malformed', received: headerValue, expected, reason: malformedReason(headerValue) };
  }
  const received = match[1];
  if (expected === null) {
    return { verdict: 'no_secret', received, expected, reason: 'No signing secret is set, so the digest cannot be checked.' };
  }
  const matches = timingSafeEqual(Buffer.from(received, 'hex'), Buffer.from(expected, 'hex'));
  return matches
    ? { verdict: 'valid', received, expected, reason: `HMAC-SHA256 of the ${body.byteLength} body bytes matches the header.` }
    : {
        verdict: 'invalid',
        received,
        expected,
        reason: `HMAC-SHA256 of the ${body.byteLength} body bytes with the configured secret differs from the header.`,
      };
}
