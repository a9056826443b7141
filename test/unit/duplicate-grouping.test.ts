import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { analyzeDelivery } from '../../src/main/core/analysis/analyze-delivery';
import { emptyBodySha256, groupingOf } from '../../src/main/core/store/common/duplicate-grouping';
import { bodyText, giftCardRecipientBody } from '../fixtures/payloads';

/** The grouping a body gets once analyzed, as the store derives it. */
function groupingOfBody(body: unknown) {
  const bytes = Buffer.from(typeof body === 'string' ? body : bodyText(body));
  const raw = { method: 'POST', path: '/', query: '', headers: [], body: bytes, bodyTruncated: false };
  const { idempotencyKey } = analyzeDelivery(raw, null);
  return groupingOf(idempotencyKey, createHash('sha256').update(bytes).digest('hex'));
}

describe('duplicate grouping', () => {
  it('groups a delivery with an idempotency key by that key', () => {
    expect(groupingOfBody(giftCardRecipientBody())).toMatchObject({ basis: 'idempotency_key', key: expect.stringContaining('|') });
  });

  it('groups one without a key (a spec 6 rule 4 field missing or not a string) by its body bytes', () => {
    const numberTime = giftCardRecipientBody({ updated_at: 1772446530 });
    const { recipient_uuid: _r, ...noRecipient } = giftCardRecipientBody();
    const hash = (body: unknown) => createHash('sha256').update(bodyText(body)).digest('hex');
    expect(groupingOfBody(numberTime)).toEqual({ basis: 'identical_bytes', key: hash(numberTime) });
    expect(groupingOfBody(noRecipient)).toEqual({ basis: 'identical_bytes', key: hash(noRecipient) });
    expect(groupingOfBody('{"event": "payout.processing",')).toMatchObject({ basis: 'identical_bytes' });
  });

  it('never groups a delivery without a key and without a body', () => {
    expect(emptyBodySha256).toBe(createHash('sha256').digest('hex'));
    expect(groupingOfBody('')).toBeNull();
  });
});
