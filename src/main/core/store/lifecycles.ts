import type { Lifecycle, LifecycleKind, LifecycleSummary } from '../../../shared/lifecycle';
import { reconstructLifecycle, summarizeLifecycle } from '../analysis/lifecycle';
import type { Db } from './open';
import type { RecentParsedBodies } from './recent-parsed-bodies';

export interface MemberRow {
  id: number;
  body: Buffer;
  idempotency_key: string | null;
  received_at: number;
  lifecycle_kind: LifecycleKind;
}

/** A lifecycle's deliveries (its key as `?`), in arrival order. */
export const membersSql =
  'SELECT id, body, idempotency_key, received_at, lifecycle_kind FROM deliveries WHERE lifecycle_key = ? ORDER BY id';

/** A lifecycle rebuilt from its deliveries (by the analysis), with the latest of them; null without any. */
export function lifecycleOfMembers(
  key: string,
  rows: MemberRow[],
  parsedBodies?: RecentParsedBodies,
): { lifecycle: Lifecycle; lastDeliveryId: number } | null {
  if (rows.length === 0) return null;
  const lifecycle = reconstructLifecycle(
    key,
    rows[0]!.lifecycle_kind,
    rows.map((r) => ({
      id: r.id,
      body: r.body,
      parsed: parsedBodies?.get(r.id),
      idempotencyKey: r.idempotency_key,
      receivedAt: new Date(r.received_at).toISOString(),
    })),
  );
  return { lifecycle, lastDeliveryId: rows[rows.length - 1]!.id };
}

/** The row of the lifecycles table that summarizes a lifecycle, by its columns' parameter names. */
export function summaryParams(loaded: { lifecycle: Lifecycle; lastDeliveryId: number }) {
  const summary: LifecycleSummary = summarizeLifecycle(loaded.lifecycle);
  return {
    ...summary,
    terminal: summary.terminal ? 1 : 0,
    reordered: summary.reordered ? 1 : 0,
    ...summary.findingCounts,
    findingCodes: JSON.stringify(summary.findingCodes),
    lastDeliveryId: loaded.lastDeliveryId,
  };
}

/** Lifecycles: rebuilt from their deliveries on read, and summarized into a table at ingest. */
export function lifecycleQueries(db: Db, parsedBodies?: RecentParsedBodies) {
  const members = db.prepare(membersSql);
  const upsert = db.prepare(`
    INSERT INTO lifecycles (key, kind, subject, order_uuid, recipient_key, recipient_email, current_status, terminal,
      reordered, event_count, delivery_count, first_event_time, last_event_time, error_count, warning_count,
      info_count, finding_codes, last_delivery_id)
    VALUES (@key, @kind, @subject, @orderUuid, @recipientKey, @recipientEmail, @currentStatus, @terminal, @reordered,
      @eventCount, @deliveryCount, @firstEventTime, @lastEventTime, @error, @warning, @info, @findingCodes,
      @lastDeliveryId)
    ON CONFLICT (key) DO UPDATE SET kind = excluded.kind, subject = excluded.subject, order_uuid = excluded.order_uuid,
      recipient_key = excluded.recipient_key, recipient_email = excluded.recipient_email,
      current_status = excluded.current_status, terminal = excluded.terminal, reordered = excluded.reordered,
      event_count = excluded.event_count, delivery_count = excluded.delivery_count,
      first_event_time = excluded.first_event_time, last_event_time = excluded.last_event_time,
      error_count = excluded.error_count, warning_count = excluded.warning_count, info_count = excluded.info_count,
      finding_codes = excluded.finding_codes, last_delivery_id = excluded.last_delivery_id`);
  const remove = db.prepare('DELETE FROM lifecycles WHERE key = ?');

  const load = (key: string) => lifecycleOfMembers(key, members.all(key) as MemberRow[], parsedBodies);

  const refresh = (key: string): void => {
    const loaded = load(key);
    if (!loaded) {
      remove.run(key);
      return;
    }
    upsert.run(summaryParams(loaded));
  };

  return {
    load: (key: string) => load(key)?.lifecycle ?? null,
    refresh,
    clear: () => db.exec('DELETE FROM lifecycles'),
  };
}
