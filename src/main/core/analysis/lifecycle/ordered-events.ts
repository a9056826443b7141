import type { LifecycleKind } from '../../../../shared/lifecycle';
import { classify } from '../classify';
import { stringField, type JsonObject } from '../json-access';
import { parseBody, type ParsedBody } from '../parse-body';
import type { LifecycleKeys } from '../types';
import { compareInstants, parseInstant, type Instant } from './instant';
import { lifecycleKeys, noLifecycleKeys } from './keys';

/** A stored delivery of one lifecycle; ids grow in arrival order. */
export interface LifecycleDelivery {
  id: number;
  body: Uint8Array;
  /** The body already parsed, when at hand (it saves parsing it again). */
  parsed?: ParsedBody;
  idempotencyKey: string | null;
  receivedAt?: string;
}

/** One event: the deliveries sharing an idempotency key, read from the body of the first copy. */
export interface OrderedEvent {
  /** The first copy, then its duplicates, in arrival order. */
  deliveryIds: number[];
  idempotencyKey: string | null;
  event: string | null;
  eventTime: string | null;
  /** Null when the event time is absent or unreadable (always for Form B, which has none). */
  instant: Instant | null;
  status: string | null;
  eventRank: number;
  arrivalRank: number;
  tie: boolean;
  body: JsonObject | null;
  keys: LifecycleKeys;
}

/** The body field lifecycles of this kind are ordered by (spec 6 rule 2); Form B carries no event time. */
export function eventTimeField(kind: LifecycleKind): string | null {
  switch (kind) {
    case 'crypto_send':
      return 'occurred_at';
    case 'gift_card_recipient':
    case 'gift_card_payout':
      return 'updated_at';
    case 'crypto_form_b':
      return null;
  }
}

interface Copies {
  ids: number[];
  first: LifecycleDelivery;
}

/** Duplicates collapse onto their first copy; a delivery without a key is an event of its own. */
function collapseDuplicates(deliveries: readonly LifecycleDelivery[]): Copies[] {
  const byArrival = [...deliveries].sort((a, b) => a.id - b.id);
  const events: Copies[] = [];
  const byKey = new Map<string, Copies>();
  for (const delivery of byArrival) {
    const known = delivery.idempotencyKey === null ? undefined : byKey.get(delivery.idempotencyKey);
    if (known) {
      known.ids.push(delivery.id);
      continue;
    }
    const copies = { ids: [delivery.id], first: delivery };
    events.push(copies);
    if (delivery.idempotencyKey !== null) byKey.set(delivery.idempotencyKey, copies);
  }
  return events;
}

function describe(kind: LifecycleKind, copies: Copies, arrivalRank: number): OrderedEvent {
  const parsed = copies.first.parsed ?? parseBody(copies.first.body);
  const body = parsed.kind === 'object' ? parsed.value : null;
  const timeField = eventTimeField(kind);
  const eventTime = timeField === null ? null : stringField(body, timeField);
  const keys = body === null ? noLifecycleKeys : lifecycleKeys(classify(parsed), body);
  return {
    deliveryIds: copies.ids,
    idempotencyKey: copies.first.idempotencyKey,
    event: stringField(body, 'event'),
    eventTime,
    instant: parseInstant(eventTime),
    status: keys.status,
    eventRank: 0,
    arrivalRank,
    tie: false,
    body,
    keys,
  };
}

/** Earlier instant first; events without one after all timed events; equal times keep arrival order. */
function byEventTime(a: OrderedEvent, b: OrderedEvent): number {
  if (a.instant !== null && b.instant !== null) {
    const order = compareInstants(a.instant, b.instant);
    if (order !== 0) return order;
  } else if (a.instant !== b.instant) {
    return a.instant === null ? 1 : -1;
  }
  return a.arrivalRank - b.arrivalRank;
}

function sameInstant(a: OrderedEvent | undefined, b: OrderedEvent | undefined): boolean {
  return a?.instant != null && b?.instant != null && compareInstants(a.instant, b.instant) === 0;
}

/** A lifecycle's deliveries as events in event-time order, each with its event and arrival ranks. */
export function orderEvents(kind: LifecycleKind, deliveries: readonly LifecycleDelivery[]): OrderedEvent[] {
  const events = collapseDuplicates(deliveries)
    .map((copies, index) => describe(kind, copies, index + 1))
    .sort(byEventTime);
  return events.map((event, index) => ({
    ...event,
    eventRank: index + 1,
    tie: sameInstant(event, events[index - 1]) || sameInstant(event, events[index + 1]),
  }));
}
