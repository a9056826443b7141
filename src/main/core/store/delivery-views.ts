import type { DeliveryDetail, DeliveryFilter, DeliveryOrder, DeliverySummary } from '../../../shared/delivery';
import type { Finding, PayloadForm, SignatureCheck, SignatureVerdict } from '../../../shared/verdicts';
import { searchDeliveries } from './body-search';
import { filterClause } from './deliveries';
import type { DuplicateBasis } from '../../../shared/lifecycle';
import { emptyBodySha256, groupCopiesClause, groupingOf } from './duplicate-groups';
import type { DeliveryRow } from './delivery-row';
import type { Db } from './open';

export type SummaryRow = Pick<
  DeliveryRow,
  | 'id' | 'received_at' | 'method' | 'path' | 'tls' | 'event' | 'payout_type' | 'form' | 'signature'
  | 'idempotency_key' | 'subject' | 'response_status' | 'error_count' | 'warning_count' | 'info_count' | 'imported'
  | 'source'
> & { body_size: number; duplicate_count: number };

/** The list's columns over deliveries (plain SQL both engines run). */
export const summaryColumns = `id, received_at, method, path, tls, event, payout_type, form, signature, idempotency_key,
  subject, response_status, length(body) AS body_size, error_count, warning_count, info_count, imported, source,
  CASE WHEN idempotency_key IS NOT NULL
         THEN (SELECT count(*) FROM deliveries d2 WHERE d2.idempotency_key = deliveries.idempotency_key)
       WHEN body_sha256 = '${emptyBodySha256}' THEN 1
       ELSE (SELECT count(*) FROM deliveries d2 WHERE d2.idempotency_key IS NULL AND d2.body_sha256 = deliveries.body_sha256)
  END AS duplicate_count`;

export function toSummary(row: SummaryRow): DeliverySummary {
  return {
    id: row.id,
    receivedAt: new Date(row.received_at).toISOString(),
    method: row.method,
    path: row.path,
    tls: row.tls === 1,
    event: row.event,
    payoutType: row.payout_type,
    form: row.form as PayloadForm,
    signature: row.signature as SignatureVerdict,
    duplicateCount: row.duplicate_count,
    idempotencyKey: row.idempotency_key,
    subject: row.subject,
    responseStatus: row.response_status,
    bodySize: row.body_size,
    findingCounts: { error: row.error_count, warning: row.warning_count, info: row.info_count },
    imported: row.imported === 1,
    source: row.source,
  };
}

export interface ListQuery {
  filter: DeliveryFilter;
  beforeId?: number;
  afterId?: number;
  limit: number;
}

export interface DeliveryListPage {
  items: DeliverySummary[];
  total: number;
  totalCapped: boolean;
  order: DeliveryOrder;
  latestId: number;
}

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

export const receiveTimeOrder = 'ORDER BY received_at DESC, id DESC';

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
  return db
    .prepare(`SELECT ${summaryColumns} FROM deliveries WHERE ${conditions.join(' AND ')} ${receiveTimeOrder} LIMIT ?`)
    .all(...params, ...cursor, query.limit) as SummaryRow[];
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

export type DetailRow = SummaryRow &
  Pick<
    DeliveryRow,
    | 'query' | 'headers' | 'body' | 'body_sha256' | 'body_truncated' | 'remote_address' | 'delivery_id'
    | 'event_time' | 'signature_check' | 'findings' | 'response_body' | 'response_reason'
    | 'lifecycle_key' | 'order_uuid' | 'recipient_key'
  >;

/** A delivery's detail row, by id (`?`). */
export const detailSql = `SELECT ${summaryColumns}, query, headers, body, body_sha256, body_truncated, remote_address, delivery_id,
  event_time, signature_check, findings, response_body, response_reason, lifecycle_key, order_uuid,
  recipient_key FROM deliveries WHERE id = ?`;

/** The copies of a grouping (its key as `?`), in arrival order. */
export const siblingsSql = (basis: DuplicateBasis) =>
  `SELECT id, received_at, delivery_id, signature, response_status, body_sha256
   FROM deliveries WHERE ${groupCopiesClause(basis)} ORDER BY id`;

export interface SiblingRow {
  id: number;
  received_at: number;
  delivery_id: string | null;
  signature: string;
  response_status: number;
  body_sha256: string;
}

export function getDelivery(db: Db, id: number): DeliveryDetail | null {
  const row = db.prepare(detailSql).get(id) as DetailRow | undefined;
  if (!row) return null;
  const grouping = groupingOf(row.idempotency_key, row.body_sha256);
  const siblings = grouping === null ? [] : (db.prepare(siblingsSql(grouping.basis)).all(grouping.key) as SiblingRow[]);
  return toDetail(row, siblings);
}

/** The detail of a delivery from its row and its group's copies (none when it has no grouping). */
export function toDetail(row: DetailRow, siblingRows: SiblingRow[]): DeliveryDetail {
  const siblings = siblingRows.map((r) => ({
    id: r.id,
    receivedAt: new Date(r.received_at).toISOString(),
    deliveryId: r.delivery_id,
    signature: r.signature as SignatureVerdict,
    responseStatus: r.response_status,
    bodySha256: r.body_sha256,
  }));
  return {
    ...toSummary(row),
    query: row.query,
    headers: JSON.parse(row.headers) as Array<[string, string]>,
    bodyBase64: row.body.toString('base64'),
    bodySha256: row.body_sha256,
    bodyTruncated: row.body_truncated === 1,
    remoteAddress: row.remote_address,
    deliveryId: row.delivery_id,
    eventTime: row.event_time,
    signatureCheck: JSON.parse(row.signature_check) as SignatureCheck,
    findings: JSON.parse(row.findings) as Finding[],
    duplicateOf: row.idempotency_key !== null && siblings.length > 0 && siblings[0]!.id !== row.id ? siblings[0]!.id : null,
    siblings,
    response: { status: row.response_status, body: row.response_body, reason: row.response_reason },
    lifecycleKey: row.lifecycle_key,
    orderUuid: row.order_uuid,
    recipientKey: row.recipient_key,
  };
}

export function deliveryFacets(db: Db): { events: string[]; paths: string[] } {
  const distinct = (column: string) =>
    (db.prepare(`SELECT DISTINCT ${column} AS v FROM deliveries WHERE ${column} IS NOT NULL ORDER BY 1`).all() as Array<{
      v: string;
    }>).map((r) => r.v);
  return { events: distinct('event'), paths: distinct('path') };
}

export function countDeliveries(db: Db): number {
  return (db.prepare("SELECT value AS n FROM store_counts WHERE name = 'deliveries'").get() as { n: number }).n;
}

/** Past this many matches a filtered count stops ("10,000+"): counting them all would read every match. */
export const filteredCountCap = 10_000;

function matchingCount(db: Db, where: string, params: unknown[]): { total: number; totalCapped: boolean } {
  if (where === 'TRUE') return { total: countDeliveries(db), totalCapped: false };
  const n = (
    db.prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM deliveries WHERE ${where} LIMIT ${filteredCountCap + 1})`).get(
      ...params,
    ) as { n: number }
  ).n;
  return { total: Math.min(n, filteredCountCap), totalCapped: n > filteredCountCap };
}
