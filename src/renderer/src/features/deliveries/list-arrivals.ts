/** Rows the list grows to as deliveries arrive; past it, the oldest make room for the new (paged in again further down). */
export const keptOnArrival = 2_000;

/**
 * The list after deliveries arrived on top. It grows up to `keep` rows; past that it keeps its length, the rows
 * the user paged in included, and the oldest leave: a list left open under traffic stays the same size.
 * `trimmed`: rows left the bottom, so there is more to page in.
 */
export function withArrivals<T>(current: readonly T[], newer: readonly T[], keep = keptOnArrival): { items: readonly T[]; trimmed: boolean } {
  if (newer.length === 0) return { items: current, trimmed: false };
  const limit = Math.max(keep, current.length);
  const items = [...newer, ...current];
  return items.length > limit ? { items: items.slice(0, limit), trimmed: true } : { items, trimmed: false };
}
