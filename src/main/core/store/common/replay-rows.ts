import type { ReplayRecord, ReplaySentBody } from '../../../../shared/replay';

/** A replay or forward as sent, before it has a row: the response body is kept as the raw bytes received. */
export interface ReplayDraft extends Omit<ReplayRecord, 'id' | 'response' | 'edited'> {
  response: { status: number; headers: Array<[string, string]>; body: Buffer; bodyTruncated: boolean } | null;
  /** Its body or headers were edited before sending (false when not given). */
  edited?: boolean;
  /** The exact bytes an edited replay sent (null or absent: its delivery's stored bytes). */
  sentBody?: Buffer | null;
}

export interface ReplayRow {
  id: number;
  delivery_id: number;
  kind: ReplayRecord['kind'];
  batch_id: string | null;
  /** Only the PostgreSQL store has it: only a team server has users. */
  sent_by?: string | null;
  started_at: number;
  url: string;
  signing_mode: ReplayRecord['signingMode'];
  /** 1 when its body or headers were edited before sending (schema 20; 8 on PostgreSQL). */
  edited: number;
  /** The bytes an edited replay sent, null when it sent its delivery's: read by replaySentBody only. */
  request_body?: Buffer | null;
  request_method: string;
  request_headers: string;
  request_body_sha256: string;
  request_body_size: number;
  response_status: number | null;
  response_headers: string | null;
  response_body: Buffer | null;
  response_body_truncated: number | null;
  error: string | null;
  duration_ms: number;
}

/**
 * A replay's columns as a record reads them: all but the edited bytes it sent (read one replay at a time by
 * replaySentBodyQuery). Only PostgreSQL has `sent_by`: only a team server has users.
 */
export function replayRecordColumns(engine: 'sqlite' | 'postgresql'): string {
  return [
    'id', 'delivery_id', 'kind', 'batch_id', ...(engine === 'postgresql' ? ['sent_by'] : []), 'started_at', 'url', 'signing_mode', 'edited',
    'request_method', 'request_headers', 'request_body_sha256', 'request_body_size', 'response_status', 'response_headers',
    'response_body', 'response_body_truncated', 'error', 'duration_ms',
  ].join(', ');
}

/**
 * The bytes one replay sent, the same in both engines (`?` for its id): an edited one's own, else its delivery's. A
 * forward sent its delivery's too.
 */
export const replaySentBodyQuery =
  'SELECT r.id, r.delivery_id, r.edited, coalesce(r.request_body, d.body) AS body FROM replays r JOIN deliveries d ON d.id = r.delivery_id WHERE r.id = ?';

export interface ReplaySentBodyRow {
  id: number;
  delivery_id: number;
  edited: number;
  body: Buffer;
}

export function toSentBody(row: ReplaySentBodyRow): ReplaySentBody {
  return { replayId: Number(row.id), deliveryId: Number(row.delivery_id), edited: row.edited === 1, bodyBase64: Buffer.from(row.body).toString('base64') };
}

export function toRecord(row: ReplayRow): ReplayRecord {
  return {
    id: row.id,
    deliveryId: row.delivery_id,
    kind: row.kind,
    batchId: row.batch_id,
    sentBy: row.sent_by ?? null,
    startedAt: new Date(row.started_at).toISOString(),
    url: row.url,
    signingMode: row.signing_mode,
    edited: row.edited === 1,
    request: {
      method: row.request_method,
      headers: JSON.parse(row.request_headers) as Array<[string, string]>,
      bodySha256: row.request_body_sha256,
      bodySize: row.request_body_size,
    },
    response:
      row.response_status === null
        ? null
        : {
            status: row.response_status,
            headers: JSON.parse(row.response_headers ?? '[]') as Array<[string, string]>,
            body: (row.response_body ?? Buffer.alloc(0)).toString('utf8'),
            bodyTruncated: row.response_body_truncated === 1,
          },
    error: row.error,
    durationMs: row.duration_ms,
  };
}

/** A replay's row as parameters, by the names of `replayColumns`. */
export function replayParams(draft: ReplayDraft) {
  const { request, response } = draft;
  return {
    deliveryId: draft.deliveryId,
    kind: draft.kind,
    batchId: draft.batchId,
    sentBy: draft.sentBy,
    startedAt: Date.parse(draft.startedAt),
    url: draft.url,
    signingMode: draft.signingMode,
    edited: draft.edited ? 1 : 0,
    sentBody: draft.sentBody ?? null,
    method: request.method,
    requestHeaders: JSON.stringify(request.headers),
    bodySha256: request.bodySha256,
    bodySize: request.bodySize,
    status: response?.status ?? null,
    responseHeaders: response ? JSON.stringify(response.headers) : null,
    responseBody: response?.body ?? null,
    responseTruncated: response ? (response.bodyTruncated ? 1 : 0) : null,
    error: draft.error,
    durationMs: Math.round(draft.durationMs),
  };
}
