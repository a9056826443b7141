import { analyzeDelivery } from '../analysis/analyze-delivery';
import { deliveryQueries, toRawDelivery } from './deliveries';
import type { Db } from './open';

const batchSize = 500;

/**
 * Recomputes the derived columns of every stored delivery (after a secret change or an analyzer
 * upgrade). Raw columns are only read. Works in batches, yielding between them so the receiver
 * keeps answering.
 */
export async function reanalyzeAll(db: Db, secret: string | null): Promise<number> {
  const queries = deliveryQueries(db);
  let afterId = 0;
  let count = 0;
  for (;;) {
    const rows = queries.rawBatch(afterId, batchSize);
    if (rows.length === 0) return count;
    db.transaction(() => {
      for (const row of rows) queries.updateDerived(row.id, analyzeDelivery(toRawDelivery(row), secret));
    })();
    count += rows.length;
    afterId = rows[rows.length - 1]!.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
