import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import { analyzeDelivery } from '../../src/main/core/analysis/analyze-delivery';
import { findingCatalog, isFindingCode } from '../../src/main/core/analysis/findings/catalog';
import type { RawDelivery } from '../../src/main/core/analysis/types';
import { CryptoFormABody } from '../../src/shared/payloads/crypto-form-a';
import { GiftCardPayoutProcessingBody } from '../../src/shared/payloads/gift-card';
import { SendRequest } from '../../src/shared/payloads/send-request';
import {
  bodyText,
  conformantBodies,
  formALifecycle,
  formAStatusChanged,
  formBBody,
  giftCardPayoutProcessingBody,
  giftCardRecipientBody,
  ids,
} from '../fixtures/payloads';
import { analyzeBody, codes, edit, errors, rawDelivery, secret, withCode, withHeaders } from './helpers';

describe('analyzeDelivery', () => {
  it.each(Object.entries(conformantBodies()))('finds nothing wrong with the conformant %s fixture', (_name, body) => {
    const analysis = analyzeBody(body);
    expect(analysis.signature.verdict).toBe('valid');
    expect(analysis.findings).toEqual([]);
  });

  it('describes a gift-card delivery', () => {
    expect(analyzeBody(giftCardPayoutProcessingBody())).toMatchObject({
      form: 'gift_cards',
      event: 'payout.processing',
      payoutType: 'gift_cards',
      deliveryId: '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      idempotencyKey: `payout.processing|payout|${ids.recipient}|2026-03-02T10:16:05.250+01:00`,
      subject: 'ada@example.com',
      eventTime: '2026-03-02T10:16:05.250+01:00',
    });
  });

  it('describes Form A (payout type implied) and Form B (subject is data.id, no event time)', () => {
    expect(analyzeBody(formAStatusChanged())).toMatchObject({
      form: 'crypto_form_a',
      payoutType: 'crypto',
      subject: ids.externalSendId,
      eventTime: '2026-03-02T09:05:00Z',
    });
    expect(analyzeBody(formBBody())).toMatchObject({ form: 'crypto_form_b', subject: ids.externalSendId, eventTime: null });
  });

  it('takes the event from X-Service-Event when the body has none', () => {
    const analysis = analyzeDelivery(withHeaders(rawDelivery('not json'), { 'X-Service-Event': 'payout.failed' }), secret);
    expect(analysis).toMatchObject({ form: 'unparseable', event: 'payout.failed', payoutType: null, idempotencyKey: null, subject: null });
  });

  it('matches header names case-insensitively', () => {
    const raw = rawDelivery(giftCardRecipientBody());
    const lowered: RawDelivery = { ...raw, headers: raw.headers.map(([name, value]) => [name.toLowerCase(), value] as const) };
    const analysis = analyzeDelivery(lowered, secret);
    expect(analysis.signature.verdict).toBe('valid');
    expect(analysis.deliveryId).toBe('3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d');
    expect(analysis.findings).toEqual([]);
  });

  it('joins repeated X-Service-Signature headers, which makes the signature malformed', () => {
    const raw = rawDelivery(giftCardRecipientBody());
    const signature = raw.headers.find(([name]) => name === 'X-Service-Signature')?.[1] ?? '';
    const analysis = analyzeDelivery({ ...raw, headers: [...raw.headers, ['x-service-signature', signature]] }, secret);
    expect(analysis.signature).toMatchObject({ verdict: 'malformed', received: `${signature}, ${signature}` });
    expect(withCode(analysis.findings, 'signature.malformed')).toHaveLength(1);
    expect(withCode(analysis.findings, 'header.repeated')).toHaveLength(0);
  });

  it('reports a missing signature as a warning, but as info on Form A', () => {
    const unsigned = (body: Record<string, unknown>) =>
      analyzeDelivery(withHeaders(rawDelivery(body), { 'X-Service-Signature': null }), secret);
    expect(withCode(unsigned(giftCardRecipientBody()).findings, 'signature.missing')[0]?.severity).toBe('warning');
    expect(withCode(unsigned(formBBody()).findings, 'signature.missing')[0]?.severity).toBe('warning');
    expect(withCode(unsigned(formAStatusChanged()).findings, 'signature.missing')[0]?.severity).toBe('info');
  });

  it('keeps gift-card amounts exact whatever their JSON number text', () => {
    for (const text of ['25', '25.00', '2.5e1', '123456789012345678901234567890']) {
      expect(errors(analyzeBody(giftCardPayoutProcessingBody(text)).findings)).toEqual([]);
    }
  });

  it('reports a body cut at the limit along with what the cut did to it', () => {
    const analysis = analyzeBody(bodyText(formBBody()).slice(0, 100), { bodyTruncated: true });
    expect(codes(analysis.findings)).toEqual(expect.arrayContaining(['body.truncated', 'body.invalid_json']));
    expect(analysis.form).toBe('unparseable');
  });

  it('gives no error for unknown events on any form', () => {
    const bodies = [
      giftCardRecipientBody({ event: 'recipient.claim_viewed' }),
      { ...formAStatusChanged(), event: 'payout.rebroadcast', payout_type: 'crypto', tx_hash: ids.txHash },
      formBBody('payout.rebroadcast'),
    ];
    for (const body of bodies) {
      const analysis = analyzeBody(body);
      expect(analysis.form).not.toBe('unknown');
      expect(errors(analysis.findings)).toEqual([]);
      expect(codes(analysis.findings)).toContain('envelope.event_unrecognized');
    }
  });

  const jsonValue = fc.jsonValue({ maxDepth: 3 }).map((v) => (typeof v === 'number' ? new LosslessNumber(String(v)) : v));
  const specKeys = new Set([
    ...Object.keys(GiftCardPayoutProcessingBody.shape),
    ...Object.keys(CryptoFormABody.shape),
    ...Object.keys(SendRequest.shape),
    '__proto__',
  ]);
  const unknownKey = fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !/code|pin|serial/i.test(key) && !specKeys.has(key));

  it('gives no error for unknown fields added anywhere a spec object allows them', () => {
    const bodies = [...Object.values(conformantBodies())];
    fc.assert(
      fc.property(fc.constantFrom(...bodies.keys()), unknownKey, jsonValue, (index, key, value) => {
        const body = Object.values(conformantBodies())[index] ?? {};
        const target = (body.data && typeof body.data === 'object' ? body.data : body) as Record<string, unknown>;
        if (key in target) return;
        target[key] = value;
        // Form B forbids extra top-level keys; inside `data` (and on every other form) unknown fields are fine.
        expect(errors(analyzeBody(body).findings)).toEqual([]);
      }),
    );
  });

  const headerName = fc.oneof(
    fc.constantFrom('Content-Type', 'x-service-signature', 'X-SERVICE-EVENT', 'X-Service-Delivery', 'x-service-timestamp', 'User-Agent'),
    fc.string({ maxLength: 20 }),
  );
  const headers = fc.array(fc.tuple(headerName, fc.string({ maxLength: 80 })), { maxLength: 8 });

  function checkAnalysis(raw: RawDelivery, key: string | null) {
    const analysis = analyzeDelivery(raw, key);
    for (const f of analysis.findings) {
      expect(isFindingCode(f.code)).toBe(true);
      expect(f.code).not.toBe('analysis.internal_error');
      if (f.code !== 'signature.missing' && isFindingCode(f.code)) expect(f.severity).toBe(findingCatalog[f.code]);
    }
    return analysis;
  }

  it('never throws on arbitrary bytes and header pairs', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        headers,
        fc.string({ maxLength: 8 }),
        fc.string({ maxLength: 20 }),
        fc.boolean(),
        fc.option(fc.string(), { nil: null }),
        (body, pairs, method, query, bodyTruncated, key) => {
          checkAnalysis({ method, path: '/', query, headers: pairs, body, bodyTruncated }, key);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary JSON, nor on spec bodies with any field replaced by any JSON value', () => {
    const raw = (text: string) => rawDelivery(text);
    fc.assert(
      fc.property(fc.json({ maxDepth: 4 }), (text) => {
        checkAnalysis(raw(text), secret);
      }),
      { numRuns: 300 },
    );
    const samples = [...formALifecycle(), formBBody(), giftCardPayoutProcessingBody()];
    fc.assert(
      fc.property(fc.constantFrom(...samples.keys()), fc.nat(), jsonValue, (index, pick, value) => {
        const body = [...formALifecycle(), formBBody(), giftCardPayoutProcessingBody()][index] ?? {};
        const paths = leafPaths(body);
        const path = paths[pick % paths.length] ?? ['event'];
        checkAnalysis(raw(bodyText(edit(body, path, value))), secret);
      }),
      { numRuns: 500 },
    );
  });
});

function leafPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...leafPaths(item, [...prefix, i])]);
  if (value && typeof value === 'object' && !(value instanceof LosslessNumber)) {
    return Object.entries(value).flatMap(([key, child]) => [[...prefix, key], ...leafPaths(child, [...prefix, key])]);
  }
  return [];
}
