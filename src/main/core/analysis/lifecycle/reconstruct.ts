import type { Lifecycle, LifecycleEvent, LifecycleKind } from '../../../../shared/lifecycle';
import type { Finding } from '../../../../shared/verdicts';
import { finding } from '../findings/catalog';
import { cryptoSendFindings, authoritativeTxHash } from './crypto-send-rules';
import { arrivedEvents, eventTimeField, orderArrived, orderEvents, type ArrivedEvent, type LifecycleDelivery, type OrderedEvent } from './ordered-events';
import { finalStatus } from './final-status';
import { isRecognizedEvent } from './recognized-event';
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

function firstKnown<T>(events: readonly OrderedEvent[], pick: (event: OrderedEvent) => T | null): T | null {
  for (const event of events) {
    const value = pick(event);
    if (value !== null) return value;
  }
  return null;
}

/**
 * Events placed after the first terminal one that are not terminal themselves: the service would not
 * send them (spec 3), so they change nothing. Events without a usable event time are not placed.
 */
function afterTerminalFlags(kind: LifecycleKind, events: readonly OrderedEvent[], firstTerminal: number): boolean[] {
  const timeless = eventTimeField(kind) === null;
  return events.map(
    (event, index) =>
      firstTerminal >= 0 &&
      index > firstTerminal &&
      (timeless || event.instant !== null) &&
      !(isRecognizedEvent(kind, event.event) && isTerminalEvent(kind, event.event, event.status)),
  );
}

function toLifecycleEvent(kind: LifecycleKind, event: OrderedEvent, findings: Finding[], afterTerminal: boolean): LifecycleEvent {
  return {
    deliveryIds: event.deliveryIds,
    copyCount: event.deliveryIds.length,
    idempotencyKey: event.idempotencyKey,
    event: event.event,
    eventTime: event.eventTime,
    status: event.status,
    eventRank: event.eventRank,
    arrivalRank: event.arrivalRank,
    tie: event.tie,
    unrecognized: !isRecognizedEvent(kind, event.event),
    afterTerminal,
    findings,
  };
}

/**
 * One send or stream rebuilt from its deliveries, whatever order and however often they arrived:
 * events deduplicated by idempotency key, in event-time order, with spec 3's rules as findings.
 */
export function reconstructLifecycle(key: string, kind: LifecycleKind, deliveries: readonly LifecycleDelivery[]): Lifecycle {
  return lifecycleOfEvents(key, kind, arrivedEvents(kind, deliveries));
}

/** One send or stream from its events in arrival order (each read once, by `arrivedEvents`, or kept since). */
export function lifecycleOfEvents(key: string, kind: LifecycleKind, arrived: readonly ArrivedEvent[]): Lifecycle {
  const ordered = orderArrived(arrived);
  const perEvent = ruleFindings(kind, ordered);
  const final = finalStatus(kind, ordered);
  const afterTerminal = afterTerminalFlags(kind, ordered, final.firstTerminal);
  const events = ordered.map((event, index) => toLifecycleEvent(kind, event, perEvent[index] ?? [], afterTerminal[index] ?? false));
  // Who the lifecycle is about comes from recognized events: an unrecognized one alone joins no order.
  const recognized = ordered.filter((event) => isRecognizedEvent(kind, event.event));
  return {
    key,
    kind,
    subject: firstKnown(ordered, (event) => event.subject) ?? key.slice(key.indexOf(':') + 1),
    orderUuid: firstKnown(recognized, (event) => event.orderUuid),
    recipientKey: firstKnown(recognized, (event) => event.recipientKey),
    recipientEmail: firstKnown(recognized, (event) => event.recipientEmail),
    events,
    currentStatus: final.deciding?.status ?? null,
    terminal: final.terminal,
    reordered: events.some((event) => event.eventRank !== event.arrivalRank),
    findings: events.flatMap((event, index) => event.findings.map((f) => ({ ...f, path: lifecyclePath(index, f.path) }))),
  };
}

/** A crypto send's tx_hash as the follow-up terminal_state makes it authoritative; null when none was sent. */
export function sendTxHash(deliveries: readonly LifecycleDelivery[]): string | null {
  return authoritativeTxHash(orderEvents('crypto_send', deliveries));
}
