import type { DeliveryRow } from './delivery-row';
import type { Db } from './open';

/** What a replay needs of a stored delivery: the exact request, and where it sits in time. */
export interface ReplaySource {
  id: number;
  method: string;
  headers: Array<[string, string]>;
  body: Buffer;
  bodySha256: string;
  receivedAt: number;
  eventTime: string | null;
}

export type SourceRow = Pick<DeliveryRow, 'id' | 'method' | 'headers' | 'body' | 'body_sha256' | 'received_at' | 'event_time'>;

/** A ReplaySource's columns over deliveries, the same in both engines. */
export const replaySourceColumns = 'id, method, headers, body, body_sha256, received_at, event_time';

export function toSource(row: SourceRow): ReplaySource {
  return {
    id: row.id,
    method: row.method,
    headers: JSON.parse(row.headers) as Array<[string, string]>,
    body: row.body,
    bodySha256: row.body_sha256,
    receivedAt: row.received_at,
    eventTime: row.event_time,
  };
}

/** Stored deliveries read for replay, in arrival order. */
export function replaySourceQueries(db: Db) {
  const byId = db.prepare(`SELECT ${replaySourceColumns} FROM deliveries WHERE id = ?`);
  const byKey = db.prepare(`SELECT ${replaySourceColumns} FROM deliveries WHERE idempotency_key = ? ORDER BY id`);
  return {
    one(id: number): ReplaySource | null {
      const row = byId.get(id) as SourceRow | undefined;
      return row ? toSource(row) : null;
    },
    /** The ones that exist, in arrival order. */
    many(ids: readonly number[]): ReplaySource[] {
      return [...new Set(ids)]
        .sort((a, b) => a - b)
        .map((id) => byId.get(id) as SourceRow | undefined)
        .filter((row): row is SourceRow => row !== undefined)
        .map(toSource);
    },
    /** Every copy of one event (a duplicate group), in arrival order. */
    withIdempotencyKey(key: string): ReplaySource[] {
      return (byKey.all(key) as SourceRow[]).map(toSource);
    },
  };
}
