import { analyzeDelivery } from '../../analysis/analyze-delivery';
import { toRawDelivery } from '../common/delivery-columns';
import { deliveryQueries } from './deliveries';
import type { Db } from './db';

const batchSize = 500;
const yieldToReceiver = () => new Promise((resolve) => setImmediate(resolve));

/** One batch of a re-analysis: how many rows, the last one's id, and whether any key changed. */
export interface ReanalyzedBatch {
  count: number;
  lastId: number;
  keysChanged: boolean;
}

/** Re-analyses up to `limit` deliveries after `afterId` with `secret`, in one transaction. */
export function reanalysisBatches(db: Db) {
  const queries = deliveryQueries(db);
  const batch = db.transaction((secret: string | null, afterId: number, limit: number): ReanalyzedBatch => {
    const rows = queries.rawBatch(afterId, limit);
    let keysChanged = false;
    for (const row of rows) {
      const analysis = analyzeDelivery(toRawDelivery(row), secret);
      keysChanged ||= analysis.idempotencyKey !== row.idempotency_key || analysis.lifecycle.lifecycleKey !== row.lifecycle_key;
      queries.updateDerived(row.id, analysis);
    }
    return { count: rows.length, lastId: rows.at(-1)?.id ?? afterId, keysChanged };
  });
  // It reads before it writes: begun as a write, it waits for another program's lock rather than fail at once.
  return (secret: string | null, afterId: number, limit: number): ReanalyzedBatch => batch.immediate(secret, afterId, limit);
}

/** Runs a re-analysis's batch: the store's writer (sqlite-writer.ts). */
export type ReanalysisRunner = (secret: string | null, afterId: number, limit: number) => Promise<ReanalyzedBatch>;

/**
 * Recomputes the derived columns of every stored delivery (after a secret change or an analyzer
 * upgrade). Raw columns are only read. When any idempotency or lifecycle key changed, the duplicate
 * groups and lifecycle summaries are rebuilt too. Works in batches, run by the store's writer between its
 * commits, yielding between them so the receiver keeps answering.
 */
export async function reanalyzeAll(
  runBatch: ReanalysisRunner,
  secret: string | null,
  derived: { rebuild(): unknown },
  options: { rebuild?: boolean } = {},
): Promise<number> {
  let afterId = 0;
  let count = 0;
  let keysChanged = options.rebuild ?? false;
  for (;;) {
    const batch = await runBatch(secret, afterId, batchSize);
    if (batch.count === 0) break;
    keysChanged ||= batch.keysChanged;
    count += batch.count;
    afterId = batch.lastId;
    await yieldToReceiver();
  }
  if (keysChanged) await derived.rebuild();
  return count;
}
