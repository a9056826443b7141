import type { DeliveryFilter } from '../../../../shared/delivery';
import { filterClause } from '../common/delivery-columns';
import { summaryColumns, toSummary, type SummaryRow } from '../common/delivery-view-rows';
import type { ScannedStretch } from '../reader';
import type { Db } from './db';

/** A text no index narrows (a single run of letters and digits under 16: `failed`, `walsh500`) is searched body by body. */
export { textSearchMode } from '../common/search-terms';

export function storedIdRange(db: Db): { oldestId: number; latestId: number } {
  return db.prepare('SELECT coalesce(min(id), 0) AS oldestId, coalesce(max(id), 0) AS latestId FROM deliveries').get() as {
    oldestId: number;
    latestId: number;
  };
}

/**
 * One stretch of ids of a body-by-body search, walked by the primary key (NOT INDEXED: a filter's index would walk
 * all its matches instead), each body tested as `listDeliveries` tests it. Short stretches keep each hold of the
 * event loop short.
 */
export function scanForText(db: Db, filter: DeliveryFilter, fromId: number, belowId: number): ScannedStretch {
  const { where, params } = filterClause(filter);
  const rows = db
    .prepare(`SELECT ${summaryColumns} FROM deliveries NOT INDEXED WHERE id >= ? AND id < ? AND ${where} ORDER BY id DESC`)
    .all(fromId, belowId, ...params) as SummaryRow[];
  const oldestReceivedAt = db
    .prepare('SELECT received_at FROM deliveries WHERE id >= ? AND id < ? ORDER BY id LIMIT 1')
    .pluck()
    .get(fromId, belowId) as number | undefined;
  return { items: rows.map(toSummary), oldestReceivedAt: oldestReceivedAt ?? null };
}
