import type { DeliveryRow } from './delivery-row';

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
