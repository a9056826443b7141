import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Lifecycle } from '../../../src/shared/lifecycle';
import {
  giftCardFailedBody,
  giftCardPayoutProcessingBody,
  giftCardRecipientBody,
} from '../../fixtures/payloads';
import { at, formAEventBodies, rebuild, type Json } from './helpers';


const giftEvents: Record<string, () => Json> = {
  sent: () => giftCardRecipientBody(),
  viewed: () => giftCardRecipientBody({ status: 'viewed' }),
  redeemed: () => giftCardRecipientBody({ status: 'redeemed' }),
  failed: () => giftCardFailedBody(),
  reminder: () => giftCardRecipientBody({ event: 'recipient.reminder_sent' }),
};

const start = Date.parse('2026-03-02T09:00:00Z');

/** The same instant written in UTC or at +01:00, so that string order and time order disagree. */
function timeText(minute: number, shifted: boolean): string {
  const utc = new Date(start + minute * 60_000);
  if (!shifted) return utc.toISOString();
  return new Date(utc.getTime() + 3_600_000).toISOString().replace('Z', '+01:00');
}

/** One lifecycle's distinct events, each at its own instant (equal instants keep arrival order by design). */
function lifecycleBodies(builders: Record<string, () => Json>) {
  return fc.uniqueArray(fc.integer({ min: 0, max: 2000 }), { minLength: 1, maxLength: 9 }).chain((minutes) =>
    fc
      .array(fc.tuple(fc.constantFrom(...Object.keys(builders)), fc.boolean()), { minLength: minutes.length, maxLength: minutes.length })
      .map((picks) => picks.map(([name, shifted], i) => at(builders[name]!(), timeText(minutes[i]!, shifted)))),
  );
}

/** The bodies in any arrival order, with any of them delivered again anywhere. */
function arrivals(bodies: Json[]) {
  const indices = bodies.map((_, i) => i);
  return fc
    .tuple(
      fc.shuffledSubarray(indices, { minLength: indices.length, maxLength: indices.length }),
      fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 8 }),
    )
    .map(([order, copies]) => {
      const list = order.map((i) => bodies[i]!);
      for (const [which, where] of copies) list.splice(where % (list.length + 1), 0, bodies[which % bodies.length]!);
      return list;
    });
}

/** What must not depend on arrival: the order of events, the state, and the findings. */
function arrivalFree(lifecycle: Lifecycle) {
  return {
    order: lifecycle.events.map((e) => e.idempotencyKey),
    times: lifecycle.events.map((e) => e.eventTime),
    eventRanks: lifecycle.events.map((e) => e.eventRank),
    currentStatus: lifecycle.currentStatus,
    terminal: lifecycle.terminal,
    findings: lifecycle.findings,
    eventFindings: lifecycle.events.map((e) => e.findings),
  };
}

describe.each([
  ['a crypto send', formAEventBodies],
  ['a gift-card recipient stream', giftEvents],
])('rebuilding %s', (_name, builders) => {
  it('gives the same order, status, terminal flag and findings for any arrival order and any duplicates', () => {
    fc.assert(
      fc.property(
        lifecycleBodies(builders).chain((bodies) => fc.tuple(fc.constant(bodies), arrivals(bodies))),
        ([bodies, arrived]) => {
          const reference = rebuild(bodies);
          const rebuilt = rebuild(arrived);
          expect(arrivalFree(rebuilt)).toEqual(arrivalFree(reference));
          expect(rebuilt.events.flatMap((e) => e.deliveryIds).sort((a, b) => a - b)).toEqual(arrived.map((_, i) => i + 1));
          expect(rebuilt.events.map((e) => e.arrivalRank).sort((a, b) => a - b)).toEqual(bodies.map((_, i) => i + 1));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('rebuilding a gift card payout stream', () => {
  it('is arrival-free too', () => {
    const builders = {
      processing: () => giftCardPayoutProcessingBody(),
      failed: () => giftCardPayoutProcessingBody('25.00', { event: 'payout.failed', status: 'failed' }),
    };
    fc.assert(
      fc.property(lifecycleBodies(builders).chain((bodies) => fc.tuple(fc.constant(bodies), arrivals(bodies))), ([bodies, arrived]) => {
        expect(arrivalFree(rebuild(arrived))).toEqual(arrivalFree(rebuild(bodies)));
      }),
      { numRuns: 100 },
    );
  });
});
