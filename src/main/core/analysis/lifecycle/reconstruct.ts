import type { Lifecycle, LifecycleEvent, LifecycleKind } from '../../../../shared/lifecycle';
import type { Finding } from '../../../../shared/verdicts';
import { finding } from '../findings/catalog';
import { cryptoSendFindings, authoritativeTxHash } from './crypto-send-rules';
import { eventTimeField, orderEvents, type LifecycleDelivery, type OrderedEvent } from './ordered-events';
import { isTerminalEvent } from './terminal';

function eventTimeFindings(kind: LifecycleKind, events: readonly OrderedEvent[]): Finding[][] {
  const timeField = eventTimeField(kind);
  return events.map((event) =>
    timeField === null || event.instant !== null
      ? []
      : [
          finding(
            'lifecycle.event_time_unusable',
            `$.${timeField}`,
            `${timeField} is missing or not an ISO-8601 date-time with offset; the event is placed after the timed ones, by arrival.`,
          ),
        ],
  );
}

function ruleFindings(kind: LifecycleKind, events: readonly OrderedEvent[]): Finding[][] {
  const timeFindings = eventTimeFindings(kind, events);
  // Spec 3's transitions are given for crypto Form A only; gift-card and Form B streams have no rules to break.
  const sendFindings = kind === 'crypto_send' ? cryptoSendFindings(events) : [];
  return events.map((_, index) => [...(timeFindings[index] ?? []), ...(sendFindings[index] ?? [])]);
}

/** `$.tx_hash` of events[2] becomes `events[2].tx_hash`: where the finding is within the lifecycle. */
function lifecyclePath(index: number, bodyPath: string): string {
  return `events[${index}]${bodyPath.startsWith('$') ? bodyPath.slice(1) : ''}`;
}

/** The latest event in event time that reports a status; Form B has no event time, so its latest arrival. */
function latestWithStatus(events: readonly OrderedEvent[]): OrderedEvent | undefined {
  const withStatus = events.filter((event) => event.status !== null);
  const timed = withStatus.filter((event) => event.instant !== null);
  return (timed.length > 0 ? timed : withStatus).at(-1);
}

function firstKnown<T>(events: readonly OrderedEvent[], pick: (event: OrderedEvent) => T | null): T | null {
  for (const event of events) {
    const value = pick(event);
    if (value !== null) return value;
  }
  return null;
}

function toLifecycleEvent(event: OrderedEvent, findings: Finding[]): LifecycleEvent {
  return {
    deliveryIds: event.deliveryIds,
    idempotencyKey: event.idempotencyKey,
    event: event.event,
    eventTime: event.eventTime,
    status: event.status,
    eventRank: event.eventRank,
    arrivalRank: event.arrivalRank,
    tie: event.tie,
    findings,
  };
}

/**
 * One send or stream rebuilt from its deliveries, whatever order and however often they arrived:
 * events deduplicated by idempotency key, in event-time order, with spec 3's rules as findings.
 */
export function reconstructLifecycle(key: string, kind: LifecycleKind, deliveries: readonly LifecycleDelivery[]): Lifecycle {
  const ordered = orderEvents(kind, deliveries);
  const perEvent = ruleFindings(kind, ordered);
  const events = ordered.map((event, index) => toLifecycleEvent(event, perEvent[index] ?? []));
  const latest = latestWithStatus(ordered);
  const currentStatus = latest?.status ?? null;
  return {
    key,
    kind,
    subject: firstKnown(ordered, (event) => event.keys.subject) ?? key.slice(key.indexOf(':') + 1),
    orderUuid: firstKnown(ordered, (event) => event.keys.orderUuid),
    recipientKey: firstKnown(ordered, (event) => event.keys.recipientKey),
    recipientEmail: firstKnown(ordered, (event) => event.keys.recipientEmail),
    events,
    currentStatus,
    terminal: latest !== undefined && isTerminalEvent(kind, latest.event, currentStatus),
    reordered: events.some((event) => event.eventRank !== event.arrivalRank),
    findings: events.flatMap((event, index) => event.findings.map((f) => ({ ...f, path: lifecyclePath(index, f.path) }))),
  };
}

/** A crypto send's tx_hash as the follow-up terminal_state makes it authoritative; null when none was sent. */
export function sendTxHash(deliveries: readonly LifecycleDelivery[]): string | null {
  return authoritativeTxHash(orderEvents('crypto_send', deliveries));
}
