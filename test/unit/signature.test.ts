import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { signBody, verifySignature } from '../../src/main/core/analysis/signature';

const bytes = (text: string) => new TextEncoder().encode(text);
const body = bytes('{"event":"payout.processing","payout_type":"crypto"}');
const secret = 'whsec_signing';
const digestOf = (header: string) => header.slice('sha256='.length);

describe('signBody', () => {
  it('matches RFC 4231 test case 2 (HMAC-SHA256, key "Jefe")', () => {
    expect(signBody(bytes('what do ya want for nothing?'), 'Jefe')).toBe(
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });
});

describe('verifySignature', () => {
  it('is valid for the digest of the exact bytes, reporting both digests', () => {
    const header = signBody(body, secret);
    const check = verifySignature(body, header, secret);
    expect(check.verdict).toBe('valid');
    expect(check.received).toBe(digestOf(header));
    expect(check.expected).toBe(digestOf(header));
  });

  it('is invalid when the body was re-serialized (whitespace differs)', () => {
    const header = signBody(body, secret);
    const reserialized = bytes('{"event": "payout.processing", "payout_type": "crypto"}');
    const check = verifySignature(reserialized, header, secret);
    expect(check.verdict).toBe('invalid');
    expect(check.expected).toBe(digestOf(signBody(reserialized, secret)));
  });

  it('is invalid with another secret', () => {
    expect(verifySignature(body, signBody(body, 'other'), secret).verdict).toBe('invalid');
  });

  it('accepts an uppercase hex digest as valid (hex is case-insensitive) and reports it as received', () => {
    const upper = `sha256=${digestOf(signBody(body, secret)).toUpperCase()}`;
    const check = verifySignature(body, upper, secret);
    expect(check.verdict).toBe('valid');
    expect(check.received).toBe(digestOf(upper));
    expect(check.expected).toBe(digestOf(upper).toLowerCase());
  });

  it('is missing without a header, still computing the expected digest', () => {
    const check = verifySignature(body, null, secret);
    expect(check).toMatchObject({ verdict: 'missing', received: null, expected: digestOf(signBody(body, secret)) });
  });

  it('is no_secret for a well-formed header without a secret (null or empty)', () => {
    const header = signBody(body, secret);
    for (const noSecret of [null, '']) {
      expect(verifySignature(body, header, noSecret)).toMatchObject({ verdict: 'no_secret', received: digestOf(header), expected: null });
    }
  });

  it.each([
    ['two joined headers', `${signBody(body, secret)}, ${signBody(body, secret)}`, /Several/],
    ['wrong prefix', `sha1=${digestOf(signBody(body, secret))}`, /does not start/],
    ['uppercase prefix', `SHA256=${digestOf(signBody(body, secret))}`, /does not start/],
    ['too short', signBody(body, secret).slice(0, -1), /63 hex digits/],
    ['too long', `${signBody(body, secret)}0`, /65 hex digits/],
    ['non-hex digit', `sha256=${'g'.repeat(64)}`, /not hex/],
    ['empty value', '', /does not start/],
    ['surrounding space', ` ${signBody(body, secret)}`, /does not start/],
  ])('is malformed for %s, even with the right secret', (_name, header, reason) => {
    const check = verifySignature(body, header, secret);
    expect(check.verdict).toBe('malformed');
    expect(check.received).toBe(header);
    expect(check.reason).toMatch(reason);
  });

  it('is malformed rather than no_secret when both apply', () => {
    expect(verifySignature(body, 'sha256=abc', null).verdict).toBe('malformed');
  });

  it('handles an empty body and a body that is not UTF-8', () => {
    const empty = new Uint8Array(0);
    expect(verifySignature(empty, signBody(empty, secret), secret).verdict).toBe('valid');
    expect(signBody(empty, 'key')).toBe('sha256=5d5d139563c95b5967b9bd9a8c9b233a9dedb45072794cd232dc1b74832607d0');
    const latin1 = Uint8Array.from([0x7b, 0xe9, 0xff, 0xfe, 0x7d]);
    expect(verifySignature(latin1, signBody(latin1, secret), secret).verdict).toBe('valid');
  });

  it('never puts the secret in the reason', () => {
    const distinctive = 'secret-XYZZY-123';
    for (const header of [null, 'bogus', signBody(body, distinctive), signBody(body, 'nope')]) {
      expect(verifySignature(body, header, distinctive).reason).not.toContain(distinctive);
    }
  });

  it('verifies any body signed with any secret', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), fc.string({ minLength: 1 }), (data, key) => {
        expect(verifySignature(data, signBody(data, key), key).verdict).toBe('valid');
      }),
    );
  });

  it('rejects the body with any single bit flipped', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 256 }), fc.nat(), fc.integer({ min: 0, max: 7 }), (data, at, bit) => {
        const header = signBody(data, secret);
        const flipped = Uint8Array.from(data);
        const index = at % flipped.length;
        flipped[index] = (flipped[index] ?? 0) ^ (1 << bit);
        expect(verifySignature(flipped, header, secret).verdict).toBe('invalid');
      }),
    );
  });

  it('rejects the digest with any single bit flipped', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 256 }), fc.integer({ min: 0, max: 255 }), (data, bitIndex) => {
        const digest = Buffer.from(digestOf(signBody(data, secret)), 'hex');
        digest[bitIndex >> 3] = (digest[bitIndex >> 3] ?? 0) ^ (1 << (bitIndex & 7));
        expect(verifySignature(data, `sha256=${digest.toString('hex')}`, secret).verdict).toBe('invalid');
      }),
    );
  });
});
