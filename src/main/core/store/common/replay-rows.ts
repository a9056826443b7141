import type { ReplayRecord } from '../../../../shared/replay';

/** A replay or forward as sent, before it has a row: the response body is kept as the raw bytes received. */
export interface ReplayDraft extends Omit<ReplayRecord, 'id' | 'response'> {
  response: { status: number; headers: Array<[string, string]>; body: Buffer; bodyTruncated: boolean } | null;
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
