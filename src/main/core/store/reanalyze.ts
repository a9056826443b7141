import { analyzeDelivery } from '../analysis/analyze-delivery';
import { deliveryQueries, toRawDelivery } from './deliveries';
import type { Db } from './open';

const batchSize = 500;
const yieldToReceiver = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Recomputes the derived columns of every stored delivery (after a secret change or an analyzer
 * upgrade). Raw columns are only read. When any idempotency or lifecycle key changed, the duplicate
 * groups and lifecycle summaries are rebuilt too. Works in batches, yielding between them so the
 * receiver keeps answering.
 */
export async function reanalyzeAll(
  db: Db,
  secret: string | null,
  derived: { rebuild(): unknown },
  options: { rebuild?: boolean } = {},
): Promise<number> {
  const queries = deliveryQueries(db);
  let afterId = 0;
  let count = 0;
  let keysChanged = options.rebuild ?? false;
  for (;;) {
    const rows = queries.rawBatch(afterId, batchSize);
    if (rows.length === 0) break;
    db.transaction(() => {
      for (const row of rows) {
        const analysis = analyzeDelivery(toRawDelivery(row), secret);
        keysChanged ||=
          analysis.idempotencyKey !== row.idempotency_key || analysis.lifecycle.lifecycleKey !== row.lifecycle_key;
        queries.updateDerived(row.id, analysis);
      }
    })();
    count += rows.length;
    afterId = rows[rows.length - 1]!.id;
    await yieldToReceiver();
  }
  if (keysChanged) await derived.rebuild();
  return count;
}
