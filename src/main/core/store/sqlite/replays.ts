import type { ReplayRecord, ReplaySentBody } from '../../../../shared/replay';
import type { Db } from './db';
import type { ReplayDraft, ReplayRow, ReplaySentBodyRow } from '../common/replay-rows';
import { replayParams, replayRecordColumns, replaySentBodyQuery, toRecord, toSentBody } from '../common/replay-rows';

/** The replays table (migrations/0004-replays.ts, 0020-edited-replays.ts): one row per replay or forward. */
export function replayQueries(db: Db) {
  const insert = db.prepare(`
    INSERT INTO replays (delivery_id, kind, batch_id, started_at, url, signing_mode, edited, request_body, request_method,
      request_headers, request_body_sha256, request_body_size, response_status, response_headers, response_body,
      response_body_truncated, error, duration_ms)
    VALUES (@deliveryId, @kind, @batchId, @startedAt, @url, @signingMode, @edited, @sentBody, @method, @requestHeaders,
      @bodySha256, @bodySize, @status, @responseHeaders, @responseBody, @responseTruncated, @error, @durationMs)`);
  const columns = replayRecordColumns('sqlite');
  const byId = db.prepare(`SELECT ${columns} FROM replays WHERE id = ?`);
  const ofDelivery = db.prepare(`SELECT ${columns} FROM replays WHERE delivery_id = ? ORDER BY id DESC LIMIT ?`);
  const sentBody = db.prepare(replaySentBodyQuery);

  return {
    insert(draft: ReplayDraft): ReplayRecord {
      const result = insert.run(replayParams(draft));
      if (result.changes !== 1) throw new Error('the replay was not stored');
      return toRecord(byId.get(result.lastInsertRowid) as ReplayRow);
    },

    /** Newest first. */
    listForDelivery(deliveryId: number, limit = 200): ReplayRecord[] {
      return (ofDelivery.all(deliveryId, limit) as ReplayRow[]).map(toRecord);
    },

    /** The bytes one replay sent, or null when there is no such replay. */
    sentBody(replayId: number): ReplaySentBody | null {
      const row = sentBody.get(replayId) as ReplaySentBodyRow | undefined;
      return row ? toSentBody(row) : null;
    },
  };
}
