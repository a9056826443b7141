import { hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { analyzeDelivery } from '../../src/main/core/analysis/analyze-delivery';
import { RecentBodyConclusions } from '../../src/main/core/analysis/recent-body-conclusions';
import type { RawDelivery } from '../../src/main/core/analysis/types';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import { bodyText, conformantBodies, formAQuoteCreated, formBBody, giftCardRecipientBody } from '../fixtures/payloads';
import { rawDelivery, secret, withHeaders } from './helpers';

const sha256 = (raw: RawDelivery) => hash('sha256', raw.body, 'hex');
const facts = { receivedAt: 0, remoteAddress: '127.0.0.1', tls: true, imported: false };
const respond = () => ({ status: 200, body: '{}', reason: 'test' });

/** A retry as the service sends it: the same body bytes (a copy of them), with headers of its own. */
function retryOf(raw: RawDelivery, headers: Record<string, string | null>): RawDelivery {
  return withHeaders({ ...raw, body: Buffer.from(raw.body) }, headers);
}

/** Bodies of every kind the analysis tells apart, with a finding or two each. */
function variedDeliveries(): RawDelivery[] {
  return [
    ...Object.values(conformantBodies()).map((body) => rawDelivery(body)),
    rawDelivery(giftCardRecipientBody({ event: 'payout.Bad Name' })),
    rawDelivery({ ...formBBody(), payout_type: 'wire' }),
    rawDelivery({ payout_type: 'crypto' }),
    rawDelivery('{"event": "payout.processing", "event": "payout.failed"}'),
    rawDelivery('not json'),
    rawDelivery(''),
    rawDelivery('[1, 2]'),
    rawDelivery(Buffer.from([0xff, 0xfe, 0x00])),
    rawDelivery(bodyText(formAQuoteCreated()).slice(0, 40), { bodyTruncated: true }),
  ];
}

/** Headers that change what the analysis says of a retry, while its body stays the same. */
const retryHeaders: Array<Record<string, string | null>> = [
  { 'X-Service-Delivery': '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', 'X-Service-Timestamp': '1790000000' },
  { 'X-Service-Event': 'payout.failed' },
  { 'X-Service-Signature': `sha256=${'0'.repeat(64)}` },
  { 'X-Service-Signature': null, 'Content-Type': 'text/plain' },
];

describe('the memory of recent bodies', () => {
  it('gives every retry the very analysis and parsed body a fresh analysis gives, whatever its headers and the secret', () => {
    const recentBodies = new RecentBodyConclusions();
    for (const original of variedDeliveries()) {
      for (const raw of [original, ...retryHeaders.map((headers) => retryOf(original, headers))]) {
        for (const key of [secret, 'another secret', null]) {
          const remembered = buildDeliveryRecord(raw, facts, key, respond, sha256(raw), recentBodies);
          const fresh = buildDeliveryRecord(raw, facts, key, respond);
          expect(remembered.analysis).toEqual(fresh.analysis);
          expect(remembered.analysis).toEqual(analyzeDelivery(raw, key));
          expect(remembered.parsedBody).toEqual(fresh.parsedBody);
        }
      }
    }
  });

  it("draws a body's conclusions once for its copies, and apart for other bytes or a cut body", () => {
    const recentBodies = new RecentBodyConclusions();
    const raw = rawDelivery(giftCardRecipientBody());
    const first = recentBodies.of(raw.body, false, sha256(raw));
    const retry = retryOf(raw, { 'X-Service-Timestamp': '1790000001' });
    expect(recentBodies.of(retry.body, false, sha256(retry))).toBe(first);
    // The same digest said of other bytes (never two bodies' in practice) is not taken on trust.
    expect(recentBodies.of(Buffer.from('{}'), false, sha256(raw))).not.toBe(first);
    expect(recentBodies.of(raw.body, true, sha256(raw))).not.toBe(first);
  });

  it('keeps a bounded number of small bodies', () => {
    const recentBodies = new RecentBodyConclusions(2);
    const [a, b, c] = ['a', 'b', 'c'].map((name) => rawDelivery(giftCardRecipientBody({ recipient_email: `${name}@example.com` })));
    const conclusionsOfA = recentBodies.of(a!.body, false, sha256(a!));
    recentBodies.of(b!.body, false, sha256(b!));
    // Used again, `a` is kept over `b` when `c` comes.
    expect(recentBodies.of(a!.body, false, sha256(a!))).toBe(conclusionsOfA);
    recentBodies.of(c!.body, false, sha256(c!));
    expect(recentBodies.of(a!.body, false, sha256(a!))).toBe(conclusionsOfA);
    const conclusionsOfB = recentBodies.of(b!.body, false, sha256(b!));
    expect(recentBodies.of(b!.body, false, sha256(b!))).toBe(conclusionsOfB);

    const large = rawDelivery({ ...giftCardRecipientBody(), padding: 'x'.repeat(70 * 1024) });
    expect(recentBodies.of(large.body, false, sha256(large))).not.toBe(recentBodies.of(large.body, false, sha256(large)));
  });
});
