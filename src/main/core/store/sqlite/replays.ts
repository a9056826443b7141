import type { ReplayRecord } from '../../../../shared/replay';
import type { Db } from './db';
import type { ReplayDraft, ReplayRow} from '../common/replay-rows';
import { toRecord, replayParams } from '../common/replay-rows';

/** The replays table (migrations/0004-replays.ts): one row per replay or forward. */
export function replayQueries(db: Db) {
  const insert = db.prepare(`
    INSERT INTO replays (delivery_id, kind, batch_id, started_at, url, signing_mode, request_method, request_headers,
      request_body_sha256, request_body_size, response_status, response_headers, response_body,
      response_body_truncated, error, duration_ms)
    VALUES (@deliveryId, @kind, @batchId, @startedAt, @url, @signingMode, @method, @requestHeaders, @bodySha256,
      @bodySize, @status, @responseHeaders, @responseBody, @responseTruncated, @error, @durationMs)`);
  const byId = db.prepare('SELECT * FROM replays WHERE id = ?');
  const ofDelivery = db.prepare('SELECT * FROM replays WHERE delivery_id = ? ORDER BY id DESC LIMIT ?');

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
  };
}
