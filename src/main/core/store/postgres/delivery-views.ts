import type pg from 'pg';
import type { DeliveryDetail, DeliveryFilter } from '../../../../shared/delivery';
import { filterClause } from '../common/delivery-columns';
import { detailSql, filteredCountCap, receiveTimeOrder, summaryColumns, toDetail, toSummary, type DeliveryListPage, type DetailRow, type ListQuery, type SummaryRow } from '../common/delivery-view-rows';
import { groupingOf } from '../common/duplicate-grouping';
import { groupFacts, groupFirstCopies } from './group-reads';
import type { ScannedStretch } from '../reader';
import { inTransaction, type Queryable } from './connect';
import { bodyContainsCondition } from './search-index';
import { searchPattern } from './search-text';
import { select } from './sql';

async function countUpToCap(db: Queryable, where: string, params: unknown[]) {
  const [row] = await select<{ n: number }>(
    db,
    `SELECT count(*) AS n FROM (SELECT 1 FROM deliveries WHERE ${where} LIMIT ${filteredCountCap + 1}) AS matches`,
    params,
  );
  return { total: Math.min(row!.n, filteredCountCap), totalCapped: row!.n > filteredCountCap };
}

/**
 * A page of the list, as the SQLite store's (delivery-views.ts) in one snapshot: newest received first,
 * paged by (received_at, id) from `beforeId`; `afterId` (a catch-up) the rows stored since; with free text,
 * newest stored first, through the index of the bodies' words (search-words.ts), the matches counted up to the cap.
 */
export function listDeliveries(pool: pg.Pool, query: ListQuery): Promise<DeliveryListPage> {
  return inTransaction(
    pool,
    async (client) => {
      const [{ latest }] = (await client.query<{ latest: number }>('SELECT coalesce(max(id), 0) AS latest FROM deliveries')).rows as [
        { latest: number },
      ];
      const text = query.filter.text;
      const filter = filterClause({ ...query.filter, text: undefined });
      const conditions = [filter.where];
      const params = [...filter.params];
      if (text) {
        const contains = bodyContainsCondition(text);
        conditions.push(contains.sql);
        params.push(...contains.params);
        const where = conditions.join(' AND ');
        const range: string[] = [];
        const bounds: number[] = [];
        if (query.beforeId !== undefined) {
          range.push(' AND id < ?');
          bounds.push(query.beforeId);
        }
        if (query.afterId !== undefined) {
          range.push(' AND id > ?');
          bounds.push(query.afterId);
        }
        const rows = await select<SummaryRow>(
          client,
          `SELECT ${summaryColumns} FROM deliveries WHERE ${where}${range.join('')} ORDER BY id DESC LIMIT ?`,
          [...params, ...bounds, query.limit],
        );
        const firstPage = query.beforeId === undefined && query.afterId === undefined;
        const count = firstPage && rows.length < query.limit ? { total: rows.length, totalCapped: false } : await countUpToCap(client, where, params);
        return { items: rows.map(toSummary), ...count, order: 'stored' as const, latestId: latest };
      }
      const where = conditions.join(' AND ');
      let rows: SummaryRow[];
      if (query.afterId !== undefined) {
        const before = query.beforeId === undefined ? '' : ' AND id < ?';
        rows = await select<SummaryRow>(
          client,
          `SELECT * FROM (SELECT ${summaryColumns} FROM deliveries WHERE ${where} AND id > ?${before} ORDER BY id LIMIT ?) AS since
           ${receiveTimeOrder}`,
          [...params, query.afterId, ...(query.beforeId === undefined ? [] : [query.beforeId]), query.limit],
        );
      } else {
        const cursor: number[] = [];
        if (query.beforeId !== undefined) {
          const [row] = await select<{ received_at: number }>(client, 'SELECT received_at FROM deliveries WHERE id = ?', [query.beforeId]);
          if (!row) return { items: [], ...(await countOf(client, where, params)), order: 'received' as const, latestId: latest };
          cursor.push(row.received_at, query.beforeId);
        }
        rows = await select<SummaryRow>(
          client,
          `SELECT ${summaryColumns} FROM deliveries WHERE ${where}${cursor.length ? ' AND (received_at, id) < (?, ?)' : ''}
           ${receiveTimeOrder} LIMIT ?`,
          [...params, ...cursor, query.limit],
        );
      }
      return { items: rows.map(toSummary), ...(await countOf(client, where, params)), order: 'received' as const, latestId: latest };
    },
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
  );
}

/** Unfiltered: the count kept with the rows, read in the page's snapshot (another inspector may have written since this one's last commit). */
async function countOf(db: Queryable, where: string, params: unknown[]) {
  if (where !== 'TRUE') return countUpToCap(db, where, params);
  const { rows } = await db.query<{ value: number }>("SELECT value FROM store_counts WHERE name = 'deliveries'");
  return { total: rows[0]!.value, totalCapped: false };
}

/** A delivery's detail, as the SQLite store's (delivery-views.ts): its row, its group's first copies and facts in one snapshot. */
export function getDelivery(pool: pg.Pool, id: number): Promise<DeliveryDetail | null> {
  return inTransaction(
    pool,
    async (client) => {
      const [row] = await select<DetailRow>(client, detailSql, [id]);
      if (!row) return null;
      const grouping = groupingOf(row.idempotency_key, row.body_sha256);
      if (grouping === null) return toDetail(row, [], null);
      return toDetail(row, await groupFirstCopies(client, grouping), await groupFacts(client, grouping, row));
    },
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
  );
}

export async function deliveryFacets(pool: pg.Pool): Promise<{ events: string[]; paths: string[] }> {
  // In byte order, as SQLite sorts text.
  const distinct = async (column: string) =>
    (await pool.query<{ v: string }>(`SELECT DISTINCT ${column} COLLATE "C" AS v FROM deliveries WHERE ${column} IS NOT NULL ORDER BY 1`)).rows.map(
      (r) => r.v,
    );
  return { events: await distinct('event'), paths: await distinct('path') };
}

/** The oldest and newest stored id, as the SQLite store's `storedIdRange`. */
export async function storedIdRange(pool: pg.Pool): Promise<{ oldestId: number; latestId: number }> {
  const [row] = await select<{ oldest: number; latest: number }>(
    pool,
    'SELECT coalesce(min(id), 0) AS oldest, coalesce(max(id), 0) AS latest FROM deliveries',
    [],
  );
  return { oldestId: row!.oldest, latestId: row!.latest };
}

/** One stretch of ids of a body-by-body search, as the SQLite store's `scanForText` (each body through its search text). */
export async function scanForText(pool: pg.Pool, filter: DeliveryFilter, fromId: number, belowId: number): Promise<ScannedStretch> {
  const { where, params } = filterClause({ ...filter, text: undefined });
  const rows = await select<SummaryRow>(
    pool,
    `SELECT ${summaryColumns} FROM deliveries WHERE id >= ? AND id < ? AND ${where} AND inspector_search_text(body) LIKE ? ORDER BY id DESC`,
    [fromId, belowId, ...params, searchPattern(filter.text ?? '')],
  );
  const [oldest] = await select<{ received_at: number }>(
    pool,
    'SELECT received_at FROM deliveries WHERE id >= ? AND id < ? ORDER BY id LIMIT 1',
    [fromId, belowId],
  );
  return { items: rows.map(toSummary), oldestReceivedAt: oldest?.received_at ?? null };
}
