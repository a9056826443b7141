import type { Finding } from '../../../shared/verdicts';
import type { DeliveryRow } from '../store/delivery-row';
import type { Db } from '../store/open';

type ExportRow = Omit<DeliveryRow, 'response_body' | 'signature_check' | 'subject' | 'event_time' | 'error_count' | 'warning_count' | 'info_count'>;

/**
 * The stable NDJSON export: one object per stored delivery, in arrival order. Fields are only
 * ever added (see the README); the signing secret is never part of it.
 */
export function* ndjsonLines(db: Db): Generator<string> {
  const firstByKey = new Map<string, number>();
  const rows = db
    .prepare(
      `SELECT id, received_at, method, path, query, headers, body, body_sha256, body_truncated, remote_address, tls,
        imported, response_status, response_reason, delivery_id, event, payout_type, form, signature,
        idempotency_key, findings FROM deliveries ORDER BY id`,
    )
    .iterate() as IterableIterator<ExportRow>;
  for (const row of rows) {
    let duplicateOf: number | null = null;
    if (row.idempotency_key !== null) {
      const first = firstByKey.get(row.idempotency_key);
      if (first === undefined) firstByKey.set(row.idempotency_key, row.id);
      else duplicateOf = first;
    }
    yield JSON.stringify({
      id: row.id,
      receivedAt: new Date(row.received_at).toISOString(),
      method: row.method,
      path: row.path,
      query: row.query,
      headers: JSON.parse(row.headers) as Array<[string, string]>,
      bodyBase64: row.body.toString('base64'),
      bodySha256: row.body_sha256,
      bodyTruncated: row.body_truncated === 1,
      remoteAddress: row.remote_address,
      tls: row.tls === 1,
      imported: row.imported === 1,
      response: { status: row.response_status, reason: row.response_reason },
      deliveryId: row.delivery_id,
      event: row.event,
      payoutType: row.payout_type,
      form: row.form,
      signature: row.signature,
      idempotencyKey: row.idempotency_key,
      duplicateOf,
      findings: JSON.parse(row.findings) as Finding[],
    }) + '\n';
  }
}
