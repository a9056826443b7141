/** A row of the deliveries table as SQLite returns it (migrations/0001-initial.ts); queries pick from it. */
export interface DeliveryRow {
  id: number;
  received_at: number;
  method: string;
  path: string;
  query: string;
  headers: string;
  body: Buffer;
  body_sha256: string;
  body_truncated: number;
  remote_address: string | null;
  tls: number;
  imported: number;
  source: string | null;
  source_id: string | null;
  response_status: number;
  response_body: string;
  response_reason: string;
  /** ms from the request's arrival to the answer; null where not known (migrations/0022-answer-time.ts). */
  response_after_ms: number | null;
  form: string;
  event: string | null;
  payout_type: string | null;
  delivery_id: string | null;
  signature: string;
  signature_check: string;
  idempotency_key: string | null;
  subject: string | null;
  event_time: string | null;
  findings: string;
  error_count: number;
  warning_count: number;
  info_count: number;
  lifecycle_key: string | null;
  lifecycle_kind: string | null;
  order_uuid: string | null;
  recipient_key: string | null;
  event_status: string | null;
}
