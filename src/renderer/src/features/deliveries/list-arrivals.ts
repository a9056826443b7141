import type { DeliveryOrder, DeliverySummary } from '../../../../shared/delivery';

/** Rows the list grows to as deliveries arrive; past it, the oldest make room for the new (paged in again further down). */
export const keptOnArrival = 2_000;

/** Newest first in the list's order: by receive time (ties by id), or by id alone. */
export function newestFirst(order: DeliveryOrder): (a: DeliverySummary, b: DeliverySummary) => number {
  if (order === 'stored') return (a, b) => b.id - a.id;
  // ISO times of one format compare as strings.
  return (a, b) => (a.receivedAt === b.receivedAt ? b.id - a.id : a.receivedAt < b.receivedAt ? 1 : -1);
}

interface ArrivalOptions<T> {
  compare: (a: T, b: T) => number;
  /** More rows lie below the loaded ones: an arrival that sorts below the last loaded row is left to paging. */
  hasMore: boolean;
  keep?: number;
}

/**
 * The list after deliveries arrived, each put in its place (live ones on top, an import of older ones further
 * down). It grows up to `keep` rows; past that it keeps its length, the rows the user paged in included, and the
 * oldest leave: a list left open under traffic stays the same size.
 * `trimmed`: rows left the bottom, so there is more to page in.
 */
export function withArrivals<T>(current: readonly T[], arrivals: readonly T[], options: ArrivalOptions<T>): { items: readonly T[]; trimmed: boolean } {
  const { compare, hasMore, keep = keptOnArrival } = options;
  const last = current.at(-1);
  const placed = [...arrivals].sort(compare).filter((item) => !hasMore || last === undefined || compare(item, last) < 0);
  if (placed.length === 0) return { items: current, trimmed: false };
  const items = mergeSorted(current, placed, compare);
  const limit = Math.max(keep, current.length);
  return items.length > limit ? { items: items.slice(0, limit), trimmed: true } : { items, trimmed: false };
}

function mergeSorted<T>(a: readonly T[], b: readonly T[], compare: (x: T, y: T) => number): T[] {
  const merged: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) merged.push(compare(b[j]!, a[i]!) < 0 ? b[j++]! : a[i++]!);
  while (i < a.length) merged.push(a[i++]!);
  while (j < b.length) merged.push(b[j++]!);
  return merged;
}

/**
 * The loaded rows with the duplicate counts the arrivals bring: a retry's count is its whole group's, so the
 * first copy (and any other shown) reads ×N as soon as the retry is listed. The same array when none changed.
 */
export function withGroupCounts(current: readonly DeliverySummary[], arrivals: readonly DeliverySummary[]): readonly DeliverySummary[] {
  const counts = new Map<string, number>();
  for (const { idempotencyKey, duplicateCount } of arrivals) {
    if (idempotencyKey !== null) counts.set(idempotencyKey, Math.max(duplicateCount, counts.get(idempotencyKey) ?? 0));
  }
  if (counts.size === 0) return current;
  let changed = false;
  const items = current.map((item) => {
    const count = item.idempotencyKey === null ? undefined : counts.get(item.idempotencyKey);
    if (count === undefined || count <= item.duplicateCount) return item;
    changed = true;
    return { ...item, duplicateCount: count };
  });
  return changed ? items : current;
}
