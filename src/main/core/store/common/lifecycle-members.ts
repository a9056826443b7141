import type { Lifecycle, LifecycleKind, LifecycleSummary } from '../../../../shared/lifecycle';
import { reconstructLifecycle, summarizeLifecycle } from '../../analysis/lifecycle';
import type { RecentParsedBodies } from './recent-parsed-bodies';

export interface MemberRow {
  id: number;
  body: Buffer;
  idempotency_key: string | null;
  received_at: number;
  lifecycle_kind: LifecycleKind;
}

/** A lifecycle's deliveries (its key as `?`), in arrival order. */
export const membersSql =
  'SELECT id, body, idempotency_key, received_at, lifecycle_kind FROM deliveries WHERE lifecycle_key = ? ORDER BY id';

/** A lifecycle rebuilt from its deliveries (by the analysis), with the latest of them; null without any. */
export function lifecycleOfMembers(
  key: string,
  rows: MemberRow[],
  parsedBodies?: RecentParsedBodies,
): LoadedLifecycle | null {
  if (rows.length === 0) return null;
  const lifecycle = reconstructLifecycle(
    key,
    rows[0]!.lifecycle_kind,
    rows.map((r) => ({
      id: r.id,
      body: r.body,
      parsed: parsedBodies?.get(r.id),
      idempotencyKey: r.idempotency_key,
      receivedAt: new Date(r.received_at).toISOString(),
    })),
  );
  return { lifecycle, lastDeliveryId: rows[rows.length - 1]!.id };
}

/** A lifecycle rebuilt from its deliveries, with the latest of them. */
export interface LoadedLifecycle {
  lifecycle: Lifecycle;
  lastDeliveryId: number;
}

/** A delivery a derived batch adds to a lifecycle. */
export interface LifecycleAddition {
  id: number;
  idempotencyKey: string | null;
}

/** A derived batch's deliveries (in arrival order) by the lifecycle they add to. */
export function additionsByLifecycle(
  rows: ReadonlyArray<{ id: number; idempotency_key: string | null; lifecycle_key: string | null }>,
): Map<string, LifecycleAddition[]> {
  const byKey = new Map<string, LifecycleAddition[]>();
  for (const row of rows) {
    if (row.lifecycle_key === null) continue;
    const added = byKey.get(row.lifecycle_key) ?? [];
    if (added.length === 0) byKey.set(row.lifecycle_key, added);
    added.push({ id: row.id, idempotencyKey: row.idempotency_key });
  }
  return byKey;
}

/** What a lifecycle's stored summary row keeps for it to grow from. */
export interface StoredGrowth {
  event_first_ids: string | null;
  delivery_count: number;
}

/**
 * A lifecycle's deliveries from its first up to `upTo` (the derived batch's last id), in arrival order: what
 * its summary covers once that batch is derived, and nothing committed after it.
 */
export const membersUpToSql =
  'SELECT id, body, idempotency_key, received_at, lifecycle_kind FROM deliveries WHERE lifecycle_key = ? AND id <= ? ORDER BY id';

/**
 * Whether a delivery is a further copy of an event its lifecycle already has: an earlier delivery of the same
 * lifecycle with its idempotency key (parameters: key, lifecycle key, id). `+lifecycle_key` keeps the planner
 * on deliveries_by_key (one seek), never walking the lifecycle's every delivery.
 */
export const priorCopySql =
  'SELECT 1 FROM deliveries WHERE idempotency_key = ? AND +lifecycle_key = ? AND id < ? LIMIT 1';

/** Adds copies of known events: only the counts move (parameters: copies, latest id, key). */
export const addCopiesSql = 'UPDATE lifecycles SET delivery_count = delivery_count + ?, last_delivery_id = ? WHERE key = ?';

/**
 * The deliveries a grown lifecycle's summary is rebuilt from: with its events' first deliveries stored, those and
 * the batch's new events (`ids`), one body per event however many copies arrived; else (a lifecycle new in this
 * batch, or summarized before schema 14) every delivery up to the batch's last (`upTo`).
 */
export function growthSource(stored: StoredGrowth | undefined, newEvents: readonly LifecycleAddition[], upTo: number) {
  if (stored?.event_first_ids == null) return { upTo } as const;
  return { ids: [...(JSON.parse(stored.event_first_ids) as number[]), ...newEvents.map((a) => a.id)] } as const;
}

/**
 * The summary row of a lifecycle grown by `added` (the batch's deliveries of it, in arrival order), from the rows
 * `growthSource` named; null when it has none.
 */
export function grownSummaryParams(
  key: string,
  stored: StoredGrowth | undefined,
  rows: MemberRow[],
  added: readonly LifecycleAddition[],
  parsedBodies?: RecentParsedBodies,
) {
  const loaded = lifecycleOfMembers(key, rows, parsedBodies);
  if (!loaded) return null;
  if (stored?.event_first_ids == null) return summaryParams(loaded);
  return summaryParams(loaded, { deliveryCount: stored.delivery_count + added.length, lastDeliveryId: added.at(-1)!.id });
}

/** Each event's first delivery, in arrival order. */
function eventFirstIds(lifecycle: Lifecycle): number[] {
  return lifecycle.events.map((event) => event.deliveryIds[0]!).sort((a, b) => a - b);
}

/**
 * The row of the lifecycles table that summarizes a lifecycle, by its columns' parameter names. Rebuilt from
 * its events' first deliveries only, it is told the deliveries it has in all (`deliveryCount`) and its latest.
 */
export function summaryParams(loaded: LoadedLifecycle, counted?: { deliveryCount: number; lastDeliveryId: number }) {
  const summary: LifecycleSummary = summarizeLifecycle(loaded.lifecycle);
  return {
    ...summary,
    deliveryCount: counted?.deliveryCount ?? summary.deliveryCount,
    terminal: summary.terminal ? 1 : 0,
    reordered: summary.reordered ? 1 : 0,
    ...summary.findingCounts,
    findingCodes: JSON.stringify(summary.findingCodes),
    lastDeliveryId: counted?.lastDeliveryId ?? loaded.lastDeliveryId,
    eventFirstIds: JSON.stringify(eventFirstIds(loaded.lifecycle)),
  };
}
