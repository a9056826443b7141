import type { DuplicateBasis } from '../../../../shared/lifecycle';
import type { RetentionLimits } from '../../../../shared/retention';
import { groupCopies, groupingOf, type DuplicateGrouping, type GroupMember } from './duplicate-grouping';

/**
 * Retention, what both engines share: which of the oldest deliveries to remove, and how a duplicate group that
 * lost copies is stated again from the copies left (as deriving the kept deliveries alone would have).
 */

/** What the store holds and what pruning removed (kept by the engines beside the delivery count). */
export interface RetentionCounts {
  deliveries: number;
  /** Bodies plus headers, in bytes, of the stored deliveries. */
  bytes: number;
  pruned: number;
  /** When pruning last removed deliveries (ms), or null. */
  lastPrunedAt: number | null;
}

/** The store_counts rows (both engines keep them by triggers) that make the retention counts. */
export const retentionCountsSql = "SELECT name, value FROM store_counts WHERE name IN ('deliveries', 'stored_bytes', 'pruned', 'pruned_at')";

/** The retention counts from the rows of `retentionCountsSql`. */
export function retentionCountsOf(rows: ReadonlyArray<{ name: string; value: number }>): RetentionCounts {
  const byName = new Map(rows.map((r) => [r.name, r.value]));
  const lastPrunedAt = byName.get('pruned_at') ?? 0;
  return {
    deliveries: byName.get('deliveries') ?? 0,
    bytes: byName.get('stored_bytes') ?? 0,
    pruned: byName.get('pruned') ?? 0,
    lastPrunedAt: lastPrunedAt > 0 ? lastPrunedAt : null,
  };
}

/** One of the oldest deliveries, in receive order, and the bytes it holds. */
export interface PruneCandidate {
  id: number;
  received_at: number;
  size: number;
}

const dayMs = 86_400_000;

/** Whether any limit is set. */
export const limitsSet = (limits: RetentionLimits) => limits.keepDays !== null || limits.keepBytes !== null;

/** Of the oldest deliveries (receive order), those past the limits: received before the cutoff, or over the size. */
export function candidatesToPrune(
  candidates: readonly PruneCandidate[],
  limits: RetentionLimits,
  now: number,
  storedBytes: number,
): PruneCandidate[] {
  const cutoff = limits.keepDays === null ? Number.NEGATIVE_INFINITY : now - limits.keepDays * dayMs;
  let bytes = storedBytes;
  const chosen: PruneCandidate[] = [];
  for (const candidate of candidates) {
    const tooOld = candidate.received_at < cutoff;
    const overSize = limits.keepBytes !== null && bytes > limits.keepBytes;
    if (!tooOld && !overSize) break;
    chosen.push(candidate);
    bytes -= candidate.size;
  }
  return chosen;
}

/** A pruned delivery's keys: the group and lifecycle it leaves. */
export interface PrunedKeys {
  idempotency_key: string | null;
  body_sha256: string;
  lifecycle_key: string | null;
}

/** The groups and lifecycles that lose members when these deliveries go. */
export function touchedBy(rows: readonly PrunedKeys[]): { groups: DuplicateGrouping[]; lifecycles: string[] } {
  const groups = new Map<string, DuplicateGrouping>();
  const lifecycles = new Set<string>();
  for (const row of rows) {
    const grouping = groupingOf(row.idempotency_key, row.body_sha256);
    if (grouping) groups.set(grouping.key, grouping);
    if (row.lifecycle_key !== null) lifecycles.add(row.lifecycle_key);
  }
  return { groups: [...groups.values()], lifecycles: [...lifecycles] };
}

/** The statements (`?` parameters: the group's key, then the derived watermark) that state a group again. */
export function regroupSql(basis: DuplicateBasis) {
  const source = groupCopies(basis);
  const upToWatermark = `WHERE ${source.where} AND ${source.id} <= ?`;
  const copies = `FROM ${source.from} ${upToWatermark}`;
  const member = 'id, received_at AS "receivedAt", body_sha256 AS "bodySha256", delivery_id AS "deliveryId"';
  return {
    count: `SELECT count(*) AS count FROM ${source.countFrom} ${upToWatermark}`,
    first: `SELECT ${member} ${copies} ORDER BY ${source.id} LIMIT 1`,
    last: `SELECT ${member} ${copies} ORDER BY ${source.id} DESC LIMIT 1`,
    /** Then the first copy's hash. */
    otherBytes: `SELECT 1 AS found ${copies} AND body_sha256 <> ? LIMIT 1`,
    /** Then the first copy's X-Service-Delivery. */
    otherDeliveryId: `SELECT 1 AS found ${copies} AND delivery_id <> ? LIMIT 1`,
    missingDeliveryId: `SELECT 1 AS found ${copies} AND delivery_id IS NULL LIMIT 1`,
  };
}

export interface GroupFacts {
  count: number;
  first: GroupMember;
  last: GroupMember;
  otherBytes: boolean;
  otherDeliveryId: boolean;
  missingDeliveryId: boolean;
}

/** Replaces a group's row, every column stated (its parameters: `regroupedValues`). */
export const replaceGroupSql = `
  INSERT INTO duplicate_groups (idempotency_key, basis, count, first_id, last_id, first_received_at, last_received_at,
    first_body_sha256, identical_bodies, first_delivery_id, delivery_id_changed, delivery_id_missing)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (idempotency_key) DO UPDATE SET basis = excluded.basis, count = excluded.count,
    first_id = excluded.first_id, last_id = excluded.last_id, first_received_at = excluded.first_received_at,
    last_received_at = excluded.last_received_at, first_body_sha256 = excluded.first_body_sha256,
    identical_bodies = excluded.identical_bodies, first_delivery_id = excluded.first_delivery_id,
    delivery_id_changed = excluded.delivery_id_changed, delivery_id_missing = excluded.delivery_id_missing`;

export const deleteGroupSql = 'DELETE FROM duplicate_groups WHERE idempotency_key = ?';

/** The values of `replaceGroupSql` for a group as its copies left state it (null: fewer than two, no group). */
export function regroupedValues(grouping: DuplicateGrouping, facts: GroupFacts | null): unknown[] | null {
  if (facts === null || facts.count < 2) return null;
  const { first, last } = facts;
  return [
    grouping.key, grouping.basis, facts.count, first.id, last.id, first.receivedAt, last.receivedAt, first.bodySha256,
    facts.otherBytes ? 0 : 1, first.deliveryId, first.deliveryId !== null && facts.otherDeliveryId ? 1 : 0,
    facts.missingDeliveryId ? 1 : 0,
  ];
}
