import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkWithoutOracle, headersWithoutSignatures, seesWholeDigests, withoutDigests } from '../../src/shared/signature-view';
import type { SignatureCheck } from '../../src/shared/verdicts';

const digest = createHmac('sha256', 'secret').update('{"a":1}').digest('hex');

describe('what is shown of a digest made with the signing secret, below its holder', () => {
  it('only admins (the one user of a personal inspector is one) see digests whole', () => {
    expect(seesWholeDigests({ role: 'admin' })).toBe(true);
    expect(seesWholeDigests({ role: 'member' })).toBe(false);
    expect(seesWholeDigests({ role: 'viewer' })).toBe(false);
  });

  it('keeps the expected digest whole when it matches the header, else its first 8 hex digits', () => {
    const check = (verdict: SignatureCheck['verdict'], received: string | null): SignatureCheck => ({ verdict, received, expected: digest, reason: 'why' });
    expect(checkWithoutOracle(check('valid', digest))).toEqual(check('valid', digest));
    for (const verdict of ['invalid', 'missing', 'malformed'] as const) {
      expect(checkWithoutOracle(check(verdict, null))).toEqual({ ...check(verdict, null), expected: digest.slice(0, 8), expectedIsPrefix: true });
    }
    const none: SignatureCheck = { verdict: 'no_secret', received: null, expected: null, reason: 'why' };
    expect(checkWithoutOracle(none)).toEqual(none);
  });

  it('cuts a digest in any form in X-Service-Signature values, and leaves other headers as they are', () => {
    expect(withoutDigests(`sha256=${digest}`)).toBe(`sha256=${digest.slice(0, 8)}…`);
    expect(withoutDigests(`SHA256=${digest.toUpperCase()}`)).toBe(`SHA256=${digest.slice(0, 8).toUpperCase()}…`);
    expect(withoutDigests(`sha256=${digest.slice(0, 32)}, sha256=${digest}`)).toBe(`sha256=${digest.slice(0, 8)}…, sha256=${digest.slice(0, 8)}…`);
    expect(withoutDigests(`sha256=${'z'.repeat(64)}`)).toBe(`sha256=${'z'.repeat(64)}`);
    const headers: Array<[string, string]> = [
      ['Content-Type', 'application/json'],
      ['x-service-signature', `sha256=${digest}`],
      ['X-Service-Delivery', '0123456789abcdef0123456789abcdef'],
    ];
    expect(headersWithoutSignatures(headers)).toEqual([headers[0], ['x-service-signature', `sha256=${digest.slice(0, 8)}…`], headers[2]]);
  });
});
