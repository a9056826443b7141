import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../../src/main/core/analysis/parse-body';
import {
  grownSummaryParams,
  lifecycleOfMembers,
  newEvent,
  summaryParams,
  type LifecycleAddition,
  type MemberRow,
  type StoredGrowth,
} from '../../../src/main/core/store/common/lifecycle-members';
import {
  formBBody,
  giftCardFailedBody,
  giftCardPayoutProcessingBody,
  giftCardRecipientBody,
} from '../../fixtures/payloads';
import { at, formAEventBodies, stored, type Json } from './helpers';

/**
 * A lifecycle's summary row grows by each batch's new events alone, from the facts it keeps of the others
 * (`grownSummaryParams`), the way the stores' `grow` does: it must equal the summary rebuilt from every delivery.
 */
const kinds: Record<string, Record<string, () => Json>> = {
  'a crypto send': formAEventBodies,
  'a gift-card recipient stream': {
    sent: () => giftCardRecipientBody(),
    viewed: () => giftCardRecipientBody({ status: 'viewed' }),
    redeemed: () => giftCardRecipientBody({ status: 'redeemed' }),
    failed: () => giftCardFailedBody(),
    reminder: () => giftCardRecipientBody({ event: 'recipient.reminder_sent' }),
    otherEmail: () => giftCardRecipientBody({ recipient_email: 'Someone.Else@Example.com' }),
  },
  'a gift-card payout stream': {
    processing: () => giftCardPayoutProcessingBody(),
    failed: () => giftCardPayoutProcessingBody('25.00', { event: 'payout.failed', status: 'failed' }),
  },
  'a Form B send': {
    processing: () => formBBody('payout.processing'),
    failed: () => formBBody('payout.failed'),
    other: () => formBBody('payout.sent'),
  },
};

const start = Date.parse('2026-03-02T09:00:00Z');
/** An event time (Form B has none) in UTC or at +01:00 (string and time order disagree), or none at all (placed after the timed ones). */
function timed(body: Json, minute: number, style: 'utc' | 'shifted' | 'none'): Json {
  // Form B carries no event time.
  if (!('occurred_at' in body) && !('updated_at' in body)) return body;
  if (style === 'none') {
    const { occurred_at: _o, updated_at: _u, ...rest } = body;
    return rest;
  }
  const instant = new Date(start + minute * 60_000);
  const text = style === 'utc' ? instant.toISOString() : new Date(instant.getTime() + 3_600_000).toISOString().replace('Z', '+01:00');
  return at(body, text);
}

describe.each(Object.entries(kinds))('the summary of %s grown batch by batch', (_name, builders) => {
  it('equals the summary rebuilt from every delivery after each batch', () => {
    const pool = fc.array(
      fc
        .tuple(fc.constantFrom(...Object.keys(builders)), fc.integer({ min: 0, max: 30 }), fc.constantFrom('utc', 'shifted', 'none'))
        .map(([name, minute, style]) => timed(builders[name]!(), minute, style as 'utc' | 'shifted' | 'none')),
      { minLength: 1, maxLength: 8 },
    );
    const arrivalsOf = (bodies: Json[]) =>
      fc.array(fc.tuple(fc.nat(bodies.length - 1), fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 3 * bodies.length });
    fc.assert(
      fc.property(
        pool.chain((bodies) => fc.tuple(fc.constant(bodies), arrivalsOf(bodies))),
        ([bodies, arrivals]) => {
          const members: MemberRow[] = [];
          const seenKeys = new Set<string>();
          let row: StoredGrowth | undefined;
          let summary: ReturnType<typeof summaryParams> | undefined;
          let batch: Array<{ addition: LifecycleAddition; fresh: boolean; parsedAtHand: boolean; bytes: Uint8Array }> = [];
          const derive = () => {
            const added = batch.map((b) => b.addition);
            const fresh = batch.filter((b) => b.fresh);
            const last = added.at(-1)!.id;
            if (fresh.length === 0 && row !== undefined && summary !== undefined) {
              row = { ...row, delivery_count: row.delivery_count + added.length };
              summary = { ...summary, deliveryCount: row.delivery_count, lastDeliveryId: last };
            } else {
              const events = fresh.map((b) => newEvent(b.addition, b.parsedAtHand ? parseBody(b.bytes) : b.bytes));
              summary = grownSummaryParams(key, row, events, added);
              row = { event_facts: summary.eventFacts, delivery_count: summary.deliveryCount };
            }
            const rebuilt = summaryParams(lifecycleOfMembers(key, members)!);
            expect(summary).toEqual(rebuilt);
            batch = [];
          };
          let key = '';
          arrivals.forEach(([which, parsedAtHand, endsBatch], index) => {
            const delivery = stored(bodies[which]!, index + 1);
            if (delivery.lifecycleKey === null) throw new Error('every body here belongs to the lifecycle');
            key = delivery.lifecycleKey;
            const fresh = delivery.idempotencyKey === null || !seenKeys.has(delivery.idempotencyKey);
            if (delivery.idempotencyKey !== null) seenKeys.add(delivery.idempotencyKey);
            members.push({
              id: delivery.id,
              body: Buffer.from(delivery.body),
              idempotency_key: delivery.idempotencyKey,
              received_at: start,
              lifecycle_kind: delivery.kind!,
            });
            batch.push({
              addition: { id: delivery.id, idempotencyKey: delivery.idempotencyKey, kind: delivery.kind! },
              fresh,
              parsedAtHand,
              bytes: delivery.body,
            });
            if (endsBatch) derive();
          });
          if (batch.length > 0) derive();
        },
      ),
      { numRuns: 300 },
    );
  });
});
