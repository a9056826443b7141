import type { LifecycleKind } from '../../../../shared/lifecycle';
import { classify } from '../classify';
import { field, has, objectField, stringField } from '../json-access';
import { parseBody, type ParsedBody } from '../parse-body';
import { compareInstants, parseInstant, type Instant } from './instant';
import { lifecycleKeys, noLifecycleKeys, recipientKeyOf } from './keys';
import { quoteCurrency } from './quote-currency';

/** A stored delivery of one lifecycle; ids grow in arrival order. */
export interface LifecycleDelivery {
  id: number;
  body: Uint8Array;
  /** The body already parsed, when at hand (it saves parsing it again). */
  parsed?: ParsedBody;
  idempotencyKey: string | null;
  receivedAt?: string;
}

/**
 * All that the lifecycle rules read of an event's first delivery: small enough for a lifecycle's summary to keep
 * its events' facts, and to grow by a new event without reading the others' bodies again.
 */
export interface EventFacts {
  /** The event's first delivery. */
  id: number;
  event: string | null;
  eventTime: string | null;
  status: string | null;
  subject: string | null;
  orderUuid: string | null;
  recipientEmail: string | null;
  /** Crypto sends only (spec 3's rules read them): whether the body has "data", "tx_hash", and their values. */
  hasData: boolean;
  hasTxHash: boolean;
  txHash: string | null;
  /** data.blockchain_transactions[0].txid */
  firstTxid: string | null;
  /** data as the send request's snapshot, when it holds one (input_currency): its currencies. */
  quote: { sameCurrency: boolean; symbol: string | null } | null;
}

/** One event as it arrived: its facts, and every delivery of it. */
export interface ArrivedEvent extends EventFacts {
  /** The first copy, then its duplicates, in arrival order. */
  deliveryIds: number[];
  idempotencyKey: string | null;
}

/** One event in its lifecycle's event-time order. */
export interface OrderedEvent extends ArrivedEvent {
  /** Null when the event time is absent or unreadable (always for Form B, which has none). */
  instant: Instant | null;
  recipientKey: string | null;
  eventRank: number;
  arrivalRank: number;
  tie: boolean;
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

/** What the rules read of a delivery that is the first of its event. */
export function eventFacts(kind: LifecycleKind, delivery: LifecycleDelivery): EventFacts {
  const parsed = delivery.parsed ?? parseBody(delivery.body);
  const body = parsed.kind === 'object' ? parsed.value : null;
  const timeField = eventTimeField(kind);
  const keys = body === null ? noLifecycleKeys : lifecycleKeys(classify(parsed), body);
  // Spec 3's rules, which read more of a body than its event and status, are a crypto send's only.
  const crypto = kind === 'crypto_send' ? body : null;
  const data = objectField(crypto, 'data');
  const transactions = field(data, 'blockchain_transactions');
  return {
    id: delivery.id,
    event: stringField(body, 'event'),
    eventTime: timeField === null ? null : stringField(body, timeField),
    status: keys.status,
    subject: keys.subject,
    orderUuid: keys.orderUuid,
    recipientEmail: keys.recipientEmail,
    hasData: crypto !== null && has(crypto, 'data'),
    hasTxHash: crypto !== null && has(crypto, 'tx_hash'),
    txHash: stringField(crypto, 'tx_hash'),
    firstTxid: Array.isArray(transactions) ? stringField(transactions[0], 'txid') : null,
    quote: data !== null && has(data, 'input_currency') ? quoteCurrency(data) : null,
  };
}

/** An event's facts with its deliveries, as one object literal (one shape for every event: see `toOrdered`). */
export function arrivedEvent(facts: EventFacts, deliveryIds: number[], idempotencyKey: string | null): ArrivedEvent {
  return {
    id: facts.id,
    event: facts.event,
    eventTime: facts.eventTime,
    status: facts.status,
    subject: facts.subject,
    orderUuid: facts.orderUuid,
    recipientEmail: facts.recipientEmail,
    hasData: facts.hasData,
    hasTxHash: facts.hasTxHash,
    txHash: facts.txHash,
    firstTxid: facts.firstTxid,
    quote: facts.quote,
    deliveryIds,
    idempotencyKey,
  };
}

/** A lifecycle's deliveries as events in arrival order: duplicates collapse onto their first copy, read once. */
export function arrivedEvents(kind: LifecycleKind, deliveries: readonly LifecycleDelivery[]): ArrivedEvent[] {
  const byArrival = [...deliveries].sort((a, b) => a.id - b.id);
  const events: ArrivedEvent[] = [];
  const byKey = new Map<string, ArrivedEvent>();
  for (const delivery of byArrival) {
    const known = delivery.idempotencyKey === null ? undefined : byKey.get(delivery.idempotencyKey);
    if (known) {
      known.deliveryIds.push(delivery.id);
      continue;
    }
    const event = arrivedEvent(eventFacts(kind, delivery), [delivery.id], delivery.idempotencyKey);
    events.push(event);
    if (delivery.idempotencyKey !== null) byKey.set(delivery.idempotencyKey, event);
  }
  return events;
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

/**
 * An event's facts and ranks as one object literal: every ordered event then has the one shape, which keeps the
 * rules that read them fast (a spread of events of varied shapes costs microseconds each).
 */
function toOrdered(event: ArrivedEvent, index: number): OrderedEvent {
  return {
    id: event.id,
    event: event.event,
    eventTime: event.eventTime,
    status: event.status,
    subject: event.subject,
    orderUuid: event.orderUuid,
    recipientEmail: event.recipientEmail,
    hasData: event.hasData,
    hasTxHash: event.hasTxHash,
    txHash: event.txHash,
    firstTxid: event.firstTxid,
    quote: event.quote,
    deliveryIds: event.deliveryIds,
    idempotencyKey: event.idempotencyKey,
    instant: parseInstant(event.eventTime),
    recipientKey: recipientKeyOf(event.orderUuid, event.recipientEmail),
    eventRank: 0,
    arrivalRank: index + 1,
    tie: false,
  };
}

/** Events (in arrival order) in event-time order, each with its event and arrival ranks. */
export function orderArrived(events: readonly ArrivedEvent[]): OrderedEvent[] {
  const ordered = events.map(toOrdered);
  ordered.sort(byEventTime);
  // Fresh objects of this call's own: ranked in place.
  ordered.forEach((event, index) => {
    event.eventRank = index + 1;
    event.tie = sameInstant(event, ordered[index - 1]) || sameInstant(event, ordered[index + 1]);
  });
  return ordered;
}

/** A lifecycle's deliveries as events in event-time order, each with its event and arrival ranks. */
export function orderEvents(kind: LifecycleKind, deliveries: readonly LifecycleDelivery[]): OrderedEvent[] {
  return orderArrived(arrivedEvents(kind, deliveries));
}
