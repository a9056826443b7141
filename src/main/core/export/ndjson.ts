import type { Lifecycle } from '../../../shared/lifecycle';
import type { Finding } from '../../../shared/verdicts';
import { lifecyclePosition } from '../analysis/lifecycle';
import type { DeliveryRow } from '../store/delivery-row';
import { derivedTables } from '../store/derived-tables';
import { lifecycleQueries } from '../store/lifecycles';
import type { Db } from '../store/open';

type ExportRow = Pick<
  DeliveryRow,
  | 'id' | 'received_at' | 'method' | 'path' | 'query' | 'headers' | 'body' | 'body_sha256' | 'body_truncated'
  | 'remote_address' | 'tls' | 'imported' | 'response_status' | 'response_reason' | 'delivery_id' | 'event'
  | 'payout_type' | 'form' | 'signature' | 'idempotency_key' | 'findings' | 'lifecycle_key' | 'event_time'
> & { first_id: number | null };

const batchSize = 1_000;
const cachedLifecycles = 10_000;

/**
 * The stable NDJSON export: one object per stored delivery, in arrival order. Fields are only
 * ever added (see the README); the signing secret is never part of it.
 */
export function* ndjsonLines(db: Db): Generator<string> {
  // duplicateOf comes from the duplicate groups: include the deliveries a crash left underived.
  derivedTables(db).catchUpAll();
  const page = db.prepare(
    `SELECT d.id, d.received_at, d.method, d.path, d.query, d.headers, d.body, d.body_sha256, d.body_truncated,
       d.remote_address, d.tls, d.imported, d.response_status, d.response_reason, d.delivery_id, d.event,
       d.payout_type, d.form, d.signature, d.idempotency_key, d.findings, d.lifecycle_key, d.event_time,
       g.first_id
     FROM deliveries d LEFT JOIN duplicate_groups g ON g.idempotency_key = d.idempotency_key
     WHERE d.id > ? ORDER BY d.id LIMIT ?`,
  );
  const lifecycles = lifecycleQueries(db);
  // Deliveries of one lifecycle arrive close together: keep the recent ones rebuilt.
  const recent = new Map<string, Lifecycle | null>();
  const lifecycleOf = (key: string) => {
    if (!recent.has(key)) {
      if (recent.size >= cachedLifecycles) recent.delete(recent.keys().next().value!);
      recent.set(key, lifecycles.load(key));
    }
    return recent.get(key) ?? null;
  };

  for (let afterId = 0; ; ) {
    const rows = page.all(afterId, batchSize) as ExportRow[];
    if (rows.length === 0) return;
    for (const row of rows) {
      const lifecycle = row.lifecycle_key === null ? null : lifecycleOf(row.lifecycle_key);
      const position = lifecycle ? lifecyclePosition(lifecycle, row.id) : null;
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
        duplicateOf: row.first_id !== null && row.first_id !== row.id ? row.first_id : null,
        findings: JSON.parse(row.findings) as Finding[],
        lifecycleKey: row.lifecycle_key,
        eventTime: row.event_time,
        eventRank: position?.eventRank ?? null,
        arrivalRank: position?.arrivalRank ?? null,
        lifecycleFindings: position?.findings ?? [],
      }) + '\n';
    }
    afterId = rows[rows.length - 1]!.id;
  }
}

/** One object per lifecycle: key, kind, delivery ids in event-time order, current status, terminal, findings. */
export function* lifecycleNdjsonLines(db: Db): Generator<string> {
  derivedTables(db).catchUpAll();
  const lifecycles = lifecycleQueries(db);
  const keys = db.prepare('SELECT key FROM lifecycles WHERE key > ? ORDER BY key LIMIT ?');
  for (let afterKey = ''; ; ) {
    const batch = (keys.all(afterKey, batchSize) as Array<{ key: string }>).map((r) => r.key);
    if (batch.length === 0) return;
    for (const key of batch) {
      const lifecycle = lifecycles.load(key);
      if (!lifecycle) continue;
      yield JSON.stringify({
        key: lifecycle.key,
        kind: lifecycle.kind,
        subject: lifecycle.subject,
        orderUuid: lifecycle.orderUuid,
        recipientKey: lifecycle.recipientKey,
        deliveryIds: lifecycle.events.flatMap((e) => e.deliveryIds),
        events: lifecycle.events.map((e) => ({
          event: e.event,
          eventTime: e.eventTime,
          status: e.status,
          deliveryIds: e.deliveryIds,
          unrecognized: e.unrecognized,
          afterTerminal: e.afterTerminal,
        })),
        currentStatus: lifecycle.currentStatus,
        terminal: lifecycle.terminal,
        reordered: lifecycle.reordered,
        findings: lifecycle.findings,
      }) + '\n';
    }
    afterKey = batch[batch.length - 1]!;
  }
}
