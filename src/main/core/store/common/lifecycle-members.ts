import type { Lifecycle, LifecycleKind, LifecycleSummary } from '../../../../shared/lifecycle';
import { arrivedEvent, arrivedEvents, eventFacts, lifecycleOfEvents, summarizeLifecycle, type ArrivedEvent } from '../../analysis/lifecycle';
import type { ParsedBody } from '../../analysis/parse-body';
import { keyedDeliveries } from './duplicate-grouping';
import type { RecentParsedBodies } from './recent-parsed-bodies';
import { eventsOfStoredFacts, storedEventFacts } from './stored-event-facts';

export interface MemberRow {
  id: number;
  body: Buffer;
  idempotency_key: string | null;
  received_at: number;
  lifecycle_kind: LifecycleKind;
}

/** A lifecycle's deliveries (its key as `?`), in arrival order: a seek of the keys' index by lifecycle. */
export const membersSql = `SELECT id, body, idempotency_key, received_at, lifecycle_kind FROM ${keyedDeliveries}
  WHERE lifecycle = ? ORDER BY row_id`;

/** A lifecycle rebuilt from its deliveries (by the analysis), with its events and the latest delivery; null without any. */
export function lifecycleOfMembers(
  key: string,
  rows: MemberRow[],
  parsedBodies?: RecentParsedBodies,
): LoadedLifecycle | null {
  if (rows.length === 0) return null;
  const kind = rows[0]!.lifecycle_kind;
  const events = arrivedEvents(
    kind,
    rows.map((r) => ({
      id: r.id,
      body: r.body,
      parsed: parsedBodies?.get(r.id),
      idempotencyKey: r.idempotency_key,
      receivedAt: new Date(r.received_at).toISOString(),
    })),
  );
  return { lifecycle: lifecycleOfEvents(key, kind, events), events, lastDeliveryId: rows[rows.length - 1]!.id };
}

/** A lifecycle rebuilt from its deliveries, with its events in arrival order and the latest delivery. */
export interface LoadedLifecycle {
  lifecycle: Lifecycle;
  events: ArrivedEvent[];
  lastDeliveryId: number;
}

/** A delivery a derived batch adds to a lifecycle. */
export interface LifecycleAddition {
  id: number;
  idempotencyKey: string | null;
  kind: LifecycleKind;
}

/** A derived batch's deliveries (in arrival order) by the lifecycle they add to. */
export function additionsByLifecycle(
  rows: ReadonlyArray<{ id: number; idempotency_key: string | null; lifecycle_key: string | null; lifecycle_kind: LifecycleKind | null }>,
): Map<string, LifecycleAddition[]> {
  const byKey = new Map<string, LifecycleAddition[]>();
  for (const row of rows) {
    if (row.lifecycle_key === null || row.lifecycle_kind === null) continue;
    const added = byKey.get(row.lifecycle_key) ?? [];
    if (added.length === 0) byKey.set(row.lifecycle_key, added);
    added.push({ id: row.id, idempotencyKey: row.idempotency_key, kind: row.lifecycle_kind });
  }
  return byKey;
}

/** What a lifecycle's stored summary row keeps for it to grow from. */
export interface StoredGrowth {
  event_facts: string | null;
  delivery_count: number;
}

/**
 * A lifecycle's deliveries from its first up to `upTo` (the derived batch's last id), in arrival order: what
 * its summary covers once that batch is derived, and nothing committed after it.
 */
export const membersUpToSql = `SELECT id, body, idempotency_key, received_at, lifecycle_kind FROM ${keyedDeliveries}
  WHERE lifecycle = ? AND row_id <= ? ORDER BY row_id`;

/**
 * Whether a delivery is a further copy of an event its lifecycle already has: an earlier delivery of the same
 * lifecycle with its idempotency key (parameters: key, lifecycle key, id). `+lifecycle` keeps the planner on the
 * index by idempotency key (one seek), never walking the lifecycle's every delivery.
 */
export const priorCopySql = 'SELECT 1 FROM delivery_keys WHERE idempotency = ? AND +lifecycle = ? AND row_id < ? LIMIT 1';

/** Whether a lifecycle has a delivery before the given one (parameters: lifecycle key, id): one seek. */
export const earlierMemberSql = 'SELECT 1 FROM delivery_keys WHERE lifecycle = ? AND row_id < ? LIMIT 1';

/** A delivery's body, for a new event whose parsed body is no longer at hand. */
export const memberBodySql = 'SELECT body FROM deliveries WHERE id = ?';

/** Adds copies of known events: only the counts move (parameters: copies, latest id, key). */
export const addCopiesSql = 'UPDATE lifecycles SET delivery_count = delivery_count + ?, last_delivery_id = ? WHERE key = ?';

/**
 * Whether a lifecycle's summary grows from its stored events' facts and the batch's new events alone: yes when its
 * row keeps them, or when it has no row and no delivery before the batch (`hasEarlier`, asked only then); no for a
 * row from before schema 17, which is rebuilt once from every delivery up to the batch's last (`membersUpToSql`).
 */
export function growsFromFacts(stored: StoredGrowth | undefined, hasEarlier: () => boolean): boolean {
  return stored === undefined ? !hasEarlier() : stored.event_facts !== null;
}

/** A new event's facts, read from its first delivery's body: parsed, when at hand, else its bytes. */
export function newEvent(addition: LifecycleAddition, body: ParsedBody | Uint8Array): ArrivedEvent {
  const delivery =
    body instanceof Uint8Array
      ? { id: addition.id, idempotencyKey: addition.idempotencyKey, body }
      : { id: addition.id, idempotencyKey: addition.idempotencyKey, body: noBytes, parsed: body };
  return arrivedEvent(eventFacts(addition.kind, delivery), [addition.id], addition.idempotencyKey);
}
const noBytes = new Uint8Array();

/**
 * The summary row of a lifecycle grown by `added` (the batch's deliveries of it, in arrival order, all of them
 * counted), from its stored events and the batch's new ones (`newEvents`, in arrival order): what a rebuild from
 * every delivery would give, since the summary reads nothing of an event but its facts.
 */
export function grownSummaryParams(
  key: string,
  stored: StoredGrowth | undefined,
  newEvents: readonly ArrivedEvent[],
  added: readonly LifecycleAddition[],
) {
  const events = [...(stored?.event_facts == null ? [] : eventsOfStoredFacts(stored.event_facts)), ...newEvents];
  const lastDeliveryId = added.at(-1)!.id;
  const loaded = { lifecycle: lifecycleOfEvents(key, added[0]!.kind, events), events, lastDeliveryId };
  return summaryParams(loaded, { deliveryCount: (stored?.delivery_count ?? 0) + added.length, lastDeliveryId });
}

/**
 * The row of the lifecycles table that summarizes a lifecycle, by its columns' parameter names. Grown from its
 * events' facts, it is told the deliveries it has in all (`deliveryCount`) and its latest.
 */
export function summaryParams(loaded: LoadedLifecycle, counted?: { deliveryCount: number; lastDeliveryId: number }) {
  const summary: LifecycleSummary = summarizeLifecycle(loaded.lifecycle);
  return {
    key: summary.key,
    kind: summary.kind,
    subject: summary.subject,
    orderUuid: summary.orderUuid,
    recipientKey: summary.recipientKey,
    recipientEmail: summary.recipientEmail,
    currentStatus: summary.currentStatus,
    terminal: summary.terminal ? 1 : 0,
    reordered: summary.reordered ? 1 : 0,
    eventCount: summary.eventCount,
    deliveryCount: counted?.deliveryCount ?? summary.deliveryCount,
    firstEventTime: summary.firstEventTime,
    lastEventTime: summary.lastEventTime,
    error: summary.findingCounts.error,
    warning: summary.findingCounts.warning,
    info: summary.findingCounts.info,
    findingCodes: JSON.stringify(summary.findingCodes),
    lastDeliveryId: counted?.lastDeliveryId ?? loaded.lastDeliveryId,
    eventFacts: storedEventFacts(loaded.events),
  };
}

/** The lifecycles table's columns, each with its parameter in `summaryParams`: what both engines' statements are made of. */
export const lifecycleColumns: ReadonlyArray<readonly [column: string, param: keyof ReturnType<typeof summaryParams>]> = [
  ['key', 'key'], ['kind', 'kind'], ['subject', 'subject'], ['order_uuid', 'orderUuid'], ['recipient_key', 'recipientKey'],
  ['recipient_email', 'recipientEmail'], ['current_status', 'currentStatus'], ['terminal', 'terminal'],
  ['reordered', 'reordered'], ['event_count', 'eventCount'], ['delivery_count', 'deliveryCount'],
  ['first_event_time', 'firstEventTime'], ['last_event_time', 'lastEventTime'], ['error_count', 'error'],
  ['warning_count', 'warning'], ['info_count', 'info'], ['finding_codes', 'findingCodes'], ['last_delivery_id', 'lastDeliveryId'],
  ['event_facts', 'eventFacts'],
];

/** The columns that name a lifecycle and place it in its order: set by its first events, seldom changed by later ones. */
export const lifecycleIdentityColumns: ReadonlySet<string> = new Set(['kind', 'subject', 'order_uuid', 'recipient_key', 'recipient_email']);

/** The lifecycle upsert of either engine: every column, each value given by `placeholder` (`@param` or `$n`). */
export function lifecycleUpsertSql(placeholder: (param: string, index: number) => string): string {
  return `INSERT INTO lifecycles (${lifecycleColumns.map(([column]) => column).join(', ')})
  VALUES (${lifecycleColumns.map(([, param], i) => placeholder(param, i)).join(', ')})
  ON CONFLICT (key) DO UPDATE SET ${lifecycleColumns
    .slice(1)
    .map(([column]) => `${column} = excluded.${column}`)
    .join(', ')}`;
}
