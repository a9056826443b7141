import type { Db } from './db';

/** The last delivery `delivery_filters` holds (0018): a filtered list scans the rows stored after it. */
export const filtersFilledThroughSql = 'SELECT coalesce(max(id), 0) FROM delivery_filters';

/**
 * `delivery_filters`, filled in `id` order from its own last row, in the derivation's transactions: in pauses and
 * catch-ups a thousand deliveries share each leaf of its indexes, where a commit wrote a leaf of each per few.
 */
export function deliveryFilters(db: Db) {
  const fill = db.prepare(
    `INSERT INTO delivery_filters (id, received_at, event, form, signature, path)
     SELECT id, received_at, event, form, signature, path FROM deliveries
     WHERE id > (${filtersFilledThroughSql}) ORDER BY id LIMIT ?`,
  );
  const behind = db.prepare(`SELECT (SELECT coalesce(max(id), 0) FROM deliveries) - (${filtersFilledThroughSql})`).pluck();
  return {
    /** Adds the next `limit` deliveries; how many it added. */
    fill: (limit: number): number => fill.run(limit).changes,
    /** Deliveries stored after its last row (ids, as a bound: retention may have deleted some). */
    behind: (): number => behind.get() as number,
  };
}
