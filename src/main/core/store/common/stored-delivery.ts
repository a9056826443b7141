import type { DeliverySelection } from '../../../../shared/replay';
import type { Finding } from '../../../../shared/verdicts';
import type { DeliveryRow } from './delivery-row';

/** What an export covers: a selection, a duplicate group, a lifecycle, or every stored delivery. */
export type ExportScope = DeliverySelection | 'all';

/** One stored delivery with what the exports need: the raw capture, the answer given, the stored verdicts. */
export interface StoredDelivery {
  id: number;
  receivedAt: number;
  method: string;
  path: string;
  query: string;
  headers: Array<[string, string]>;
  body: Buffer;
  bodySha256: string;
  bodyTruncated: boolean;
  remoteAddress: string | null;
  tls: boolean;
  imported: boolean;
  /** `afterMs`: how long after the request's arrival the answer went out (null: not known). */
  response: { status: number; body: string; reason: string; afterMs: number | null };
  analysis: {
    form: string;
    event: string | null;
    payoutType: string | null;
    deliveryId: string | null;
    signature: string;
    idempotencyKey: string | null;
    findings: Finding[];
  };
}

export type StoredDeliveryRow = Pick<
  DeliveryRow,
  | 'id' | 'received_at' | 'method' | 'path' | 'query' | 'headers' | 'body' | 'body_sha256' | 'body_truncated'
  | 'remote_address' | 'tls' | 'imported' | 'response_status' | 'response_body' | 'response_reason' | 'response_after_ms' | 'form'
  | 'event' | 'payout_type' | 'delivery_id' | 'signature' | 'idempotency_key' | 'findings'
>;

/** The columns of a StoredDeliveryRow, the same in both engines. */
export const storedDeliveryColumns = `id, received_at, method, path, query, headers, body, body_sha256, body_truncated, remote_address, tls,
  imported, response_status, response_body, response_reason, response_after_ms, form, event, payout_type, delivery_id, signature,
  idempotency_key, findings`;

export function toStoredDelivery(row: StoredDeliveryRow): StoredDelivery {
  return {
    id: row.id,
    receivedAt: row.received_at,
    method: row.method,
    path: row.path,
    query: row.query,
    headers: JSON.parse(row.headers) as Array<[string, string]>,
    body: row.body,
    bodySha256: row.body_sha256,
    bodyTruncated: row.body_truncated === 1,
    remoteAddress: row.remote_address,
    tls: row.tls === 1,
    imported: row.imported === 1,
    response: { status: row.response_status, body: row.response_body, reason: row.response_reason, afterMs: row.response_after_ms },
    analysis: {
      form: row.form,
      event: row.event,
      payoutType: row.payout_type,
      deliveryId: row.delivery_id,
      signature: row.signature,
      idempotencyKey: row.idempotency_key,
      findings: JSON.parse(row.findings) as Finding[],
    },
  };
}

/** A row of the NDJSON export: the delivery and the first copy of its duplicate group (null when none). */
export type ExportedDelivery = Pick<
  DeliveryRow,
  | 'id' | 'received_at' | 'method' | 'path' | 'query' | 'headers' | 'body' | 'body_sha256' | 'body_truncated'
  | 'remote_address' | 'tls' | 'imported' | 'response_status' | 'response_reason' | 'delivery_id' | 'event'
  | 'payout_type' | 'form' | 'signature' | 'idempotency_key' | 'findings' | 'lifecycle_key' | 'event_time'
> & { first_id: number | null };

/** The NDJSON export's select list over deliveries `d` and duplicate_groups `g`, the same in both engines. */
export const exportedDeliveryColumns = `d.id, d.received_at, d.method, d.path, d.query, d.headers, d.body, d.body_sha256, d.body_truncated,
  d.remote_address, d.tls, d.imported, d.response_status, d.response_reason, d.delivery_id, d.event,
  d.payout_type, d.form, d.signature, d.idempotency_key, d.findings, d.lifecycle_key, d.event_time,
  g.first_id`;
