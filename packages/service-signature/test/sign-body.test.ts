import { describe, expect, it } from 'vitest';
import { signatureDigest, signBody, wellFormedSignature } from '@webhook-inspector/service-signature';

const body = Buffer.from('{"event":"payout_order.completed"}');
// HMAC-SHA256 of those bytes with the secret `whsec_example`, as `openssl dgst -sha256 -hmac whsec_example` gives it.
const digest = '6137ba18842228ab98162d8cf87063b38d893da4520634f1096c250927daae45';

describe("the service's signature (spec 5)", () => {
  it('is sha256= and the HMAC-SHA256 of the exact body bytes, lowercase hex', () => {
    expect(signatureDigest(body, 'whsec_example')).toBe(digest);
    expect(signBody(body, 'whsec_example')).toBe(`sha256=${digest}`);
  });

  it('changes with one byte of the body or of the secret', () => {
    expect(signBody(Buffer.from('{"event":"payout_order.completed"} '), 'whsec_example')).not.toBe(`sha256=${digest}`);
    expect(signBody(body, 'whsec_examplf')).not.toBe(`sha256=${digest}`);
  });

  it('reads a header value as well formed only as sha256= and 64 hex digits, in either case', () => {
    expect(wellFormedSignature.test(`sha256=${digest}`)).toBe(true);
    expect(wellFormedSignature.test(`sha256=${digest.toUpperCase()}`)).toBe(true);
    for (const value of [digest, `sha1=${digest}`, `sha256=${digest.slice(1)}`, `sha256=${digest} `, `SHA256=${digest}`]) {
      expect(wellFormedSignature.test(value), value).toBe(false);
    }
  });
});
