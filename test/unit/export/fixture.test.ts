import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifySignature } from '../../../src/main/core/analysis/signature';
import { buildFixture } from '../../../src/main/core/export/fixture';
import { redactor } from '../../../src/main/core/export/fakes';
import { realSecret, storedGiftCard } from './stored-delivery';

const header = (headers: Array<[string, string]>, name: string) =>
  headers.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
const plain = { testSecret: null, redactor: null, keepSignatures: true };

describe('one delivery as a fixture', () => {
  it('keeps the bytes, headers, signature and stored verdicts as received', () => {
    const delivery = storedGiftCard();
    const { baseName, json, body } = buildFixture(delivery, 3, 4, plain);
    expect(baseName).toBe('0003-payout.processing');
    expect(body.equals(delivery.body)).toBe(true);
    expect(json).toMatchObject({
      name: baseName,
      sourceId: 7,
      receivedAt: '2026-03-02T10:15:31.000Z',
      headers: delivery.headers,
      signatureHeader: header(delivery.headers, 'X-Service-Signature')[0],
      signing: 'original',
      redacted: false,
      bodyEncoding: 'utf8',
      body: delivery.body.toString('utf8'),
      bodyFile: '0003-payout.processing.body',
      bodySha256: delivery.bodySha256,
      analysis: delivery.analysis,
    });
  });

  it('re-signs with the test secret, in place of the original header', () => {
    const delivery = storedGiftCard();
    const { json, body } = buildFixture(delivery, 1, 4, { ...plain, testSecret: 'test-secret' });
    const signatures = header(json.headers, 'X-Service-Signature');
    expect(signatures).toHaveLength(1);
    expect(verifySignature(body, signatures[0]!, 'test-secret').verdict).toBe('valid');
    expect(json.signatureHeader).toBe(signatures[0]);
    expect(json.signing).toBe('resigned');
    expect(json.analysis?.signature).toBe('valid');
    expect(json.headers.map(([n]) => n)).toEqual(delivery.headers.map(([n]) => n));
    expect(JSON.stringify(json)).not.toContain(realSecret);
  });

  it('strips the signature when asked', () => {
    const { json } = buildFixture(storedGiftCard(), 1, 4, { ...plain, keepSignatures: false });
    expect(header(json.headers, 'X-Service-Signature')).toEqual([]);
    expect(json).toMatchObject({ signatureHeader: null, signing: 'stripped' });
    expect(json.analysis?.signature).toBe('missing');
  });

  it('redacts, updates Content-Length and the digest, and drops a signature the new bytes would fail', () => {
    const delivery = storedGiftCard();
    const { json, body } = buildFixture(delivery, 1, 4, { ...plain, redactor: redactor('k') });
    expect(body.toString()).not.toContain('ada@example.com');
    expect(json).toMatchObject({ redacted: true, signing: 'dropped_after_redaction', signatureHeader: null });
    expect(header(json.headers, 'X-Service-Signature')).toEqual([]);
    expect(header(json.headers, 'Content-Length')).toEqual([String(body.byteLength)]);
    expect(json.bodySha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(json.analysis?.form).toBe('gift_cards');
  });

  it('redacts and re-signs the redacted bytes when a test secret is given', () => {
    const { json, body } = buildFixture(storedGiftCard(), 1, 4, { testSecret: 't', redactor: redactor('k'), keepSignatures: true });
    expect(json.signing).toBe('resigned');
    expect(verifySignature(body, json.signatureHeader, 't').verdict).toBe('valid');
  });

  it('writes a body that is not UTF-8 as base64, and names a delivery without an event', () => {
    const bytes = Buffer.from([0x00, 0xff, 0xc3, 0x28]);
    const delivery = storedGiftCard({ body: bytes, analysis: { ...storedGiftCard().analysis, event: null } });
    const { baseName, json, body } = buildFixture(delivery, 12, 4, plain);
    expect(baseName).toBe('0012-delivery');
    expect(json.bodyEncoding).toBe('base64');
    expect(Buffer.from(json.body, 'base64').equals(bytes)).toBe(true);
    expect(body.equals(bytes)).toBe(true);
  });
});
