import type { SimRecipient } from '../model';
import type { ScenarioEvent } from '../scenarios/scenario-event';
import { finalStatusOf } from './payout-records';
import type { PayoutStatus } from './records';

/** When a created payout's webhooks occur, and so which status its record shows at a given time. */
export interface PayoutTimeline {
  final: PayoutStatus;
  /** The status reached by `now` and since when; null before the first event (the record stays `pending`). */
  statusAt(now: number): { status: PayoutStatus; at: string } | null;
}

/** The recipient's timeline from its order's events; null when none of them concern it. */
export function timelineOf(recipient: SimRecipient, events: readonly ScenarioEvent[]): PayoutTimeline | null {
  const times = events.filter((e) => e.recipientUuid === recipient.uuid).map((e) => e.occurredAt.getTime());
  if (times.length === 0) return null;
  const first = Math.min(...times);
  const last = Math.max(...times);
  const final = (recipient.apiFinalStatus as PayoutStatus | undefined) ?? finalStatusOf(recipient.scenario);
  return {
    final,
    statusAt(now) {
      if (now >= last) return { status: final, at: new Date(last).toISOString() };
      if (now >= first) return { status: 'processing', at: new Date(first).toISOString() };
      return null;
    },
  };
}
