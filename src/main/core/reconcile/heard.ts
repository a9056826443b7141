import type { LifecycleKind } from '../../../shared/lifecycle';
import type { HeardState } from '../../../shared/reconcile';
import { compareTimeTexts, isTerminalEvent } from '../analysis/lifecycle';
import { isRecognizedEvent } from '../analysis/lifecycle/recognized-event';
import type { ReconcileDelivery } from '../store/reader';

/**
 * What a lifecycle's webhooks told the merchant: only the deliveries the receiver accepted count (answered 2xx within
 * the service's read timeout, so the service took them as delivered, spec 7 and 8) whose signature a verifying handler
 * accepts (not `invalid`, spec 5.4). The
 * status is decided as the lifecycles view decides it (docs/lifecycles.md): a terminal event is final, else the latest
 * recognized event in event time (Form B: in arrival).
 */

/** A stored delivery as the join weighs it: `late` when its answer came after the service's read timeout. */
export type JoinedDelivery = ReconcileDelivery & { late: boolean };

export function joinedDeliveries(deliveries: readonly ReconcileDelivery[], readTimeoutMs: number): JoinedDelivery[] {
  return deliveries.map((d) => ({ ...d, late: d.answeredAfterMs !== null && d.answeredAfterMs >= readTimeoutMs }));
}

export function isAccepted(delivery: JoinedDelivery): boolean {
  return delivery.responseStatus >= 200 && delivery.responseStatus < 300 && !delivery.late && delivery.signature !== 'invalid';
}

/** An event, whichever copy carried it: copies of one event share it. */
export function eventIdentity(delivery: JoinedDelivery): string {
  return `${delivery.lifecycleKey}\u0000${delivery.event ?? ''}\u0000${delivery.status ?? ''}\u0000${delivery.eventTime ?? ''}`;
}

export interface LifecycleFacts {
  key: string;
  kind: LifecycleKind;
  orderUuid: string | null;
  recipientKey: string | null;
  subject: string | null;
  copies: JoinedDelivery[];
  heard: HeardState;
  /** The first delivery's receive time. */
  firstReceivedAt: number;
}

function byEventTime(a: JoinedDelivery, b: JoinedDelivery): number {
  return compareTimeTexts(a.eventTime, b.eventTime) || a.id - b.id;
}

/** The heard state of some deliveries of one kind of lifecycle (several lifecycles' may be given, one decides each). */
export function heardOf(kind: LifecycleKind, copies: readonly JoinedDelivery[]): HeardState {
  const accepted = copies.filter(isAccepted);
  const recognized = accepted.filter((d) => d.status !== null && isRecognizedEvent(kind, d.event));
  const ordered = kind === 'crypto_form_b' ? [...recognized].sort((a, b) => a.id - b.id) : [...recognized].sort(byEventTime);
  const terminals = ordered.filter((d) => isTerminalEvent(kind, d.event, d.status));
  const deciding = (terminals.length > 0 ? terminals : ordered).at(-1);
  const last = kind === 'crypto_form_b' ? accepted.at(-1) : [...accepted].sort(byEventTime).at(-1);
  return {
    status: deciding?.status ?? null,
    terminal: terminals.length > 0,
    lastEvent: (deciding ?? last)?.event ?? null,
    lastEventTime: (deciding ?? last)?.eventTime ?? null,
    accepted: accepted.length,
    refused: copies.length - accepted.length,
  };
}

/** The deliveries grouped by lifecycle, each with its heard state. */
export function lifecycleFacts(deliveries: readonly JoinedDelivery[]): Map<string, LifecycleFacts> {
  const groups = new Map<string, JoinedDelivery[]>();
  for (const d of deliveries) {
    const list = groups.get(d.lifecycleKey);
    if (list) list.push(d);
    else groups.set(d.lifecycleKey, [d]);
  }
  const facts = new Map<string, LifecycleFacts>();
  for (const [key, copies] of groups) {
    copies.sort((a, b) => a.id - b.id);
    const kind = copies[0]!.kind;
    // Attributed from its recognized events only, as the lifecycles are (an unknown recipient.* names no order).
    const named = copies.find((d) => isRecognizedEvent(kind, d.event) && d.orderUuid !== null) ?? null;
    facts.set(key, {
      key,
      kind,
      orderUuid: named?.orderUuid ?? null,
      recipientKey: named?.recipientKey ?? null,
      subject: copies[0]!.subject,
      copies,
      heard: heardOf(kind, copies),
      firstReceivedAt: copies[0]!.receivedAt,
    });
  }
  return facts;
}
