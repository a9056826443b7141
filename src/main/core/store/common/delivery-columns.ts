import type { DeliveryFilter } from '../../../../shared/delivery';
import { jsonObjectForms } from '../../analysis/classify';
import type { DeliveryAnalysis, RawDelivery } from '../../analysis/types';
import type { DeliveryRecord } from '../../delivery-record/delivery-record';
import type { DeliveryRow } from './delivery-row';

/** The raw columns of a row (everything analysis needs), and the keys it last derived. */
export type RawRow = Pick<
  DeliveryRow,
  'id' | 'method' | 'path' | 'query' | 'headers' | 'body' | 'body_truncated' | 'idempotency_key' | 'lifecycle_key'
>;

export function toRawDelivery(row: RawRow): RawDelivery {
  return {
    method: row.method,
    path: row.path,
    query: row.query,
    headers: JSON.parse(row.headers) as Array<[string, string]>,
    body: row.body,
    bodyTruncated: row.body_truncated === 1,
  };
}

/** A delivery's derived columns, by name. */
export function derivedParams(analysis: DeliveryAnalysis) {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const finding of analysis.findings) counts[finding.severity]++;
  return {
    form: analysis.form,
    event: analysis.event,
    payout_type: analysis.payoutType,
    delivery_id: analysis.deliveryId,
    signature: analysis.signature.verdict,
    signature_check: JSON.stringify(analysis.signature),
    idempotency_key: analysis.idempotencyKey,
    subject: analysis.subject,
    event_time: analysis.eventTime,
    findings: JSON.stringify(analysis.findings),
    error_count: counts.error,
    warning_count: counts.warning,
    info_count: counts.info,
    lifecycle_key: analysis.lifecycle.lifecycleKey,
    lifecycle_kind: analysis.lifecycle.kind,
    order_uuid: analysis.lifecycle.orderUuid,
    recipient_key: analysis.lifecycle.recipientKey,
    event_status: analysis.lifecycle.status,
  };
}

export const derivedColumns = [
  'form, event, payout_type, delivery_id, signature, signature_check, idempotency_key, subject, event_time',
  'findings, error_count, warning_count, info_count',
  'lifecycle_key, lifecycle_kind, order_uuid, recipient_key, event_status',
].join(', ');

type InsertParams = ReturnType<typeof insertParams>;

/** The columns an insert writes, in the order of `insertValues`. */
export const insertColumns = [
  'received_at, method, path, query, headers, body, body_sha256, body_truncated',
  'remote_address, tls, imported, response_status, response_body, response_reason, response_after_ms, source, source_id',
  derivedColumns,
]
  .join(', ')
  .split(', ') as Array<keyof InsertParams>;

/** A delivery's row as plain values, all a writer needs: an array, cheaper than an object to send to another thread. */
export function insertValues(record: DeliveryRecord): unknown[] {
  const params = insertParams(record);
  return insertColumns.map((column) => params[column]);
}

function insertParams(record: DeliveryRecord) {
  const { raw, facts, response, analysis } = record;
  return {
    received_at: facts.receivedAt,
    method: raw.method,
    path: raw.path,
    query: raw.query,
    headers: JSON.stringify(raw.headers),
    body: Buffer.from(raw.body.buffer, raw.body.byteOffset, raw.body.byteLength),
    body_sha256: record.bodySha256,
    body_truncated: raw.bodyTruncated ? 1 : 0,
    remote_address: facts.remoteAddress,
    tls: facts.tls ? 1 : 0,
    imported: facts.imported ? 1 : 0,
    response_status: response.status,
    response_body: response.body,
    response_reason: response.reason,
    response_after_ms: response.afterMs ?? null,
    source: facts.source?.name ?? null,
    source_id: facts.source?.id ?? null,
    ...derivedParams(analysis),
  };
}

/**
 * What a text filter means: the body, as text, contains the text, ASCII letters compared
 * case-insensitively (SQLite's lower() folds only A-Z). Its parameters are `bodyContainsParams(text)`.
 * A body of a JSON-object form (`jsonObjectForms`) is valid UTF-8 without NUL bytes, and there LIKE means
 * the same as instr(lower(…)) in half the time (no lowered copy of each body); the others, where LIKE would
 * stop at a NUL, keep instr. `body-search.ts` narrows the rows it is tried on; the test itself never changes.
 */
export const bodyContainsSql = `(CASE WHEN form IN (${jsonObjectForms.map((form) => `'${form}'`).join(', ')})
  THEN CAST(body AS TEXT) LIKE ? ESCAPE '\\' ELSE instr(lower(CAST(body AS TEXT)), lower(?)) > 0 END)`;

/** The parameters of `bodyContainsSql`: the text as a LIKE pattern (its %, _ and \ taken literally), and as it is. */
export function bodyContainsParams(text: string): [string, string] {
  // A NUL would end the pattern early; no JSON body holds a control character, so none can match: \x01 says so.
  if (text.includes('\0')) return ['\x01', text];
  return [`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, text];
}

/**
 * WHERE clause and parameters of a deliveries filter; values are always bound. With `text`, the clause
 * scans every body: listDeliveries leaves the text to `body-search.ts` and passes the rest here.
 */
export function filterClause(filter: DeliveryFilter): { where: string; params: unknown[] } {
  const conditions: Array<[string, unknown[]]> = [];
  if (filter.event) conditions.push(['event = ?', [filter.event]]);
  if (filter.form) conditions.push(['form = ?', [filter.form]]);
  if (filter.signature) conditions.push(['signature = ?', [filter.signature]]);
  if (filter.path) conditions.push(['path = ?', [filter.path]]);
  if (filter.text) conditions.push([bodyContainsSql, bodyContainsParams(filter.text)]);
  return {
    where: conditions.length ? conditions.map(([sql]) => sql).join(' AND ') : 'TRUE',
    params: conditions.flatMap(([, values]) => values),
  };
}
