import type { DeliveryDetail } from '../../../../shared/delivery';
import { searchDeliveries } from './body-search';
import { filterClause } from '../common/delivery-columns';
import { groupingOf } from '../common/duplicate-grouping';
import type { Db } from './db';
import { groupFacts, groupFirstCopies } from './group-reads';
import { filtersFilledThroughSql } from './delivery-filters';
import type { SummaryRow, ListQuery, DeliveryListPage, DetailRow} from '../common/delivery-view-rows';
import { summaryColumns, toSummary, receiveTimeOrder, detailSql, toDetail, filteredCountCap } from '../common/delivery-view-rows';

/**
 * A page of the list, newest received first: paged by (received_at, id) from the row `beforeId`, so that
 * imported older deliveries sort below live ones. Read in one transaction, so that `latestId` is exactly
 * what the page saw. `afterId` (a catch-up) walks the ids stored since, by the primary key.
 */
export function listDeliveries(db: Db, query: ListQuery): DeliveryListPage {
  return db.transaction((): DeliveryListPage => {
    const latestId = db.prepare('SELECT coalesce(max(id), 0) FROM deliveries').pluck().get() as number;
    if (query.filter.text) return { ...searchList(db, query, query.filter.text), order: 'stored', latestId };
    const { where, params } = filterClause(query.filter);
    const rows = query.afterId !== undefined ? storedSince(db, where, params, query) : pageByReceiveTime(db, where, params, query);
    return { items: rows.map(toSummary), ...matchingCount(db, where, params), order: 'received', latestId };
  })();
}

function pageByReceiveTime(db: Db, where: string, params: unknown[], query: ListQuery): SummaryRow[] {
  const conditions = [where];
  const cursor: number[] = [];
  if (query.beforeId !== undefined) {
    const receivedAt = db.prepare('SELECT received_at FROM deliveries WHERE id = ?').pluck().get(query.beforeId) as number | undefined;
    // Deliveries are never deleted: an unknown id is not a row of this list, and nothing comes after it.
    if (receivedAt === undefined) return [];
    conditions.push('(received_at, id) < (?, ?)');
    cursor.push(receivedAt, query.beforeId);
  }
  const matching = conditions.join(' AND ');
  if (where === 'TRUE') {
    return db
      .prepare(`SELECT ${summaryColumns} FROM deliveries WHERE ${matching} ${receiveTimeOrder} LIMIT ?`)
      .all(...cursor, query.limit) as SummaryRow[];
  }
  // A filter: the page of its index in delivery_filters, merged with the matches among the rows stored after it. The
  // page's ids are chosen first: a summary's copy count is a count of its group, for the page's rows alone, not for
  // every match stored after the filters' table (thousands while deliveries arrive without a pause).
  return db
    .prepare(
      `SELECT ${summaryColumns} FROM deliveries WHERE id IN (
         SELECT id FROM deliveries WHERE id IN (
           SELECT id FROM (SELECT id FROM delivery_filters WHERE ${matching} ${receiveTimeOrder} LIMIT ?)
           UNION ALL
           SELECT id FROM deliveries NOT INDEXED WHERE id > (${filtersFilledThroughSql}) AND ${matching}
         ) ${receiveTimeOrder} LIMIT ?
       ) ${receiveTimeOrder}`,
    )
    .all(...params, ...cursor, query.limit, ...params, ...cursor, query.limit) as SummaryRow[];
}

/** The few rows stored after `afterId`, found by the primary key (NOT INDEXED: a filter's index would walk all its matches). */
function storedSince(db: Db, where: string, params: unknown[], query: ListQuery): SummaryRow[] {
  const before = query.beforeId === undefined ? '' : ' AND id < ?';
  return db
    .prepare(
      `SELECT * FROM (SELECT ${summaryColumns} FROM deliveries NOT INDEXED WHERE ${where} AND id > ?${before} ORDER BY id LIMIT ?)
       ${receiveTimeOrder}`,
    )
    .all(...params, query.afterId, ...(query.beforeId === undefined ? [] : [query.beforeId]), query.limit) as SummaryRow[];
}

/**
 * With free text: the same rows, through the body index (store/body-search.ts). The count looks at a bounded
 * number of rows: past them, or past the cap, it is a lower bound (totalCapped, shown as "N+").
 */
function searchList(db: Db, query: ListQuery, text: string) {
  const { where, params } = filterClause({ ...query.filter, text: undefined });
  // One read transaction: the index's watermark and the rows it covers stay as they were read.
  const found = db.transaction(() =>
    searchDeliveries<SummaryRow>(db, {
      text,
      where,
      params,
      columns: summaryColumns,
      beforeId: query.beforeId,
      afterId: query.afterId,
      limit: query.limit,
      countCap: filteredCountCap,
    }),
  )();
  return {
    items: found.rows.map(toSummary),
    total: Math.min(found.matched, filteredCountCap),
    totalCapped: found.matched > filteredCountCap || !found.complete,
  };
}

/** A delivery's detail, its row, its group's first copies and its group's facts read in one snapshot. */
export function getDelivery(db: Db, id: number): DeliveryDetail | null {
  return db.transaction((): DeliveryDetail | null => {
    const row = db.prepare(detailSql).get(id) as DetailRow | undefined;
    if (!row) return null;
    const grouping = groupingOf(row.idempotency_key, row.body_sha256);
    if (grouping === null) return toDetail(row, [], null);
    return toDetail(row, groupFirstCopies(db, grouping), groupFacts(db, grouping, row));
  })();
}

export function deliveryFacets(db: Db): { events: string[]; paths: string[] } {
  const distinct = (column: string) =>
    db
      .prepare(
        `SELECT ${column} FROM delivery_filters WHERE ${column} IS NOT NULL
         UNION SELECT ${column} FROM deliveries NOT INDEXED WHERE id > (${filtersFilledThroughSql}) AND ${column} IS NOT NULL
         ORDER BY 1`,
      )
      .pluck()
      .all() as string[];
  return { events: distinct('event'), paths: distinct('path') };
}

export function countDeliveries(db: Db): number {
  return (db.prepare("SELECT value AS n FROM store_counts WHERE name = 'deliveries'").get() as { n: number }).n;
}

function matchingCount(db: Db, where: string, params: unknown[]): { total: number; totalCapped: boolean } {
  if (where === 'TRUE') return { total: countDeliveries(db), totalCapped: false };
  const n = db
    .prepare(
      `SELECT (SELECT count(*) FROM (SELECT 1 FROM delivery_filters WHERE ${where} LIMIT ${filteredCountCap + 1}))
            + (SELECT count(*) FROM deliveries NOT INDEXED WHERE id > (${filtersFilledThroughSql}) AND ${where})`,
    )
    .pluck()
    .get(...params, ...params) as number;
  return { total: Math.min(n, filteredCountCap), totalCapped: n > filteredCountCap };
}
