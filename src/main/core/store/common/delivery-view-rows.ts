import type { DeliveryDetail, DeliveryFilter, DeliveryOrder, DeliverySummary } from '../../../../shared/delivery';
import type { Finding, PayloadForm, SignatureCheck, SignatureVerdict } from '../../../../shared/verdicts';
import { emptyBodySha256 } from './duplicate-grouping';
import type { DeliveryRow } from './delivery-row';
import type { CopyRow, CountedGroupFacts } from './duplicate-group-facts';

export type SummaryRow = Pick<
  DeliveryRow,
  | 'id' | 'received_at' | 'method' | 'path' | 'tls' | 'event' | 'payout_type' | 'form' | 'signature'
  | 'idempotency_key' | 'subject' | 'response_status' | 'error_count' | 'warning_count' | 'info_count' | 'imported'
  | 'source'
> & { body_size: number; duplicate_count: number };

/** The list's columns over deliveries but the duplicate count (plain SQL both engines run). */
export const summaryOwnColumns = `id, received_at, method, path, tls, event, payout_type, form, signature, idempotency_key,
  subject, response_status, length(body) AS body_size, error_count, warning_count, info_count, imported, source`;

/** The list's columns over deliveries (plain SQL both engines run). */
export const summaryColumns = `${summaryOwnColumns},
  CASE WHEN idempotency_key IS NOT NULL
         THEN (SELECT count(*) FROM delivery_keys WHERE idempotency = deliveries.idempotency_key)
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

export const receiveTimeOrder = 'ORDER BY received_at DESC, id DESC';

export type DetailRow = Omit<SummaryRow, 'duplicate_count'> &
  Pick<
    DeliveryRow,
    | 'query' | 'headers' | 'body' | 'body_sha256' | 'body_truncated' | 'remote_address' | 'delivery_id'
    | 'event_time' | 'signature_check' | 'findings' | 'response_body' | 'response_reason' | 'response_after_ms'
    | 'lifecycle_key' | 'order_uuid' | 'recipient_key'
  >;

/** A delivery's detail row, by id (`?`): its group's count comes with its facts. */
export const detailSql = `SELECT ${summaryOwnColumns}, query, headers, body, body_sha256, body_truncated, remote_address, delivery_id,
  event_time, signature_check, findings, response_body, response_reason, response_after_ms, lifecycle_key, order_uuid,
  recipient_key FROM deliveries WHERE id = ?`;

/**
 * The listed copies of a grouped delivery: the first ones, then the delivery itself when it is not among them (it came
 * after them, or the keys do not show it yet: groupFactsOf). None for a delivery without a group.
 */
function listedCopies(row: DetailRow, firstCopies: CopyRow[], grouped: boolean): Array<CopyRow | DetailRow> {
  const listed = firstCopies.some((copy) => copy.id === row.id);
  return listed || !grouped ? firstCopies : [...firstCopies, row];
}

/**
 * The detail of a delivery from its row, its group's first copies and its group's facts (none when it has no
 * grouping); the group's count is its duplicate count.
 */
export function toDetail(row: DetailRow, firstCopies: CopyRow[], group: CountedGroupFacts | null): DeliveryDetail {
  const siblings = listedCopies(row, firstCopies, group !== null).map((r) => ({
    id: r.id,
    receivedAt: new Date(r.received_at).toISOString(),
    deliveryId: r.delivery_id,
    signature: r.signature as SignatureVerdict,
    responseStatus: r.response_status,
    bodySha256: r.body_sha256,
  }));
  const firstId = group?.facts.firstId ?? row.id;
  return {
    ...toSummary({ ...row, duplicate_count: group?.count ?? 1 }),
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
    duplicateOf: row.idempotency_key !== null && firstId !== row.id ? firstId : null,
    siblings,
    group: group?.facts ?? null,
    response: { status: row.response_status, body: row.response_body, reason: row.response_reason, afterMs: row.response_after_ms },
    lifecycleKey: row.lifecycle_key,
    orderUuid: row.order_uuid,
    recipientKey: row.recipient_key,
  };
}

/** Past this many matches a filtered count stops ("10,000+"): counting them all would read every match. */
export const filteredCountCap = 10_000;
