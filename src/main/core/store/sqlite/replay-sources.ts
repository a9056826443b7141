import { keyedDeliveries } from '../common/duplicate-grouping';
import type { Db } from './db';
import type { ReplaySource, SourceRow} from '../common/replay-source-rows';
import { replaySourceColumns, toSource } from '../common/replay-source-rows';

/** Stored deliveries read for replay, in arrival order. */
export function replaySourceQueries(db: Db) {
  const byId = db.prepare(`SELECT ${replaySourceColumns} FROM deliveries WHERE id = ?`);
  const byKey = db.prepare(`SELECT ${replaySourceColumns} FROM ${keyedDeliveries} WHERE idempotency = ? ORDER BY row_id`);
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
