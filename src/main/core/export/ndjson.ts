import type { Lifecycle } from '../../../shared/lifecycle';
import type { Finding } from '../../../shared/verdicts';
import { lifecyclePosition } from '../analysis/lifecycle';
import type { StoreReader } from '../store/reader';

const batchSize = 1_000;
const cachedLifecycles = 10_000;

/**
 * The stable NDJSON export: one object per stored delivery, in arrival order. Fields are only
 * ever added (see docs/formats/ndjson.md); the signing secret is never part of it.
 */
export async function* ndjsonLines(store: StoreReader): AsyncGenerator<string> {
  // duplicateOf comes from the duplicate groups: include the deliveries a crash left underived.
  await store.derived.catchUpAll();
  // Deliveries of one lifecycle arrive close together: keep the recent ones rebuilt.
  const recent = new Map<string, Lifecycle | null>();
  const lifecycleOf = async (key: string) => {
    if (!recent.has(key)) {
      if (recent.size >= cachedLifecycles) recent.delete(recent.keys().next().value!);
      recent.set(key, await store.loadLifecycle(key));
    }
    return recent.get(key) ?? null;
  };

  for (let afterId = 0; ; ) {
    const rows = await store.exportPage(afterId, batchSize);
    if (rows.length === 0) return;
    for (const row of rows) {
      const lifecycle = row.lifecycle_key === null ? null : await lifecycleOf(row.lifecycle_key);
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
export async function* lifecycleNdjsonLines(store: StoreReader): AsyncGenerator<string> {
  await store.derived.catchUpAll();
  for (let afterKey = ''; ; ) {
    const batch = await store.lifecycleKeys(afterKey, batchSize);
    if (batch.length === 0) return;
    for (const key of batch) {
      const lifecycle = await store.loadLifecycle(key);
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
