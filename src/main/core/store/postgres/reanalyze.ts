import type pg from 'pg';
import { analyzeDelivery } from '../../analysis/analyze-delivery';
import { derivedParams, toRawDelivery, type RawRow } from '../common/delivery-columns';
import { inTransaction } from './connect';

const batchSize = 500;

/**
 * Recomputes the derived columns of every stored delivery, as the SQLite store's reanalyze.ts: raw columns
 * only read, a batch per transaction; returns how many, and whether any idempotency or lifecycle key changed.
 */
export async function reanalyzeAll(pool: pg.Pool, secret: string | null): Promise<{ count: number; keysChanged: boolean }> {
  let afterId = 0;
  let count = 0;
  let keysChanged = false;
  for (;;) {
    const { rows } = await pool.query<RawRow>(
      `SELECT id, method, path, query, headers, body, body_truncated, idempotency_key, lifecycle_key
       FROM deliveries WHERE id > $1 ORDER BY id LIMIT $2`,
      [afterId, batchSize],
    );
    if (rows.length === 0) break;
    await inTransaction(pool, async (client) => {
      for (const row of rows) {
        const analysis = analyzeDelivery(toRawDelivery(row), secret);
        keysChanged ||=
          analysis.idempotencyKey !== row.idempotency_key || analysis.lifecycle.lifecycleKey !== row.lifecycle_key;
        const params = Object.entries(derivedParams(analysis));
        await client.query(`UPDATE deliveries SET ${params.map(([column], i) => `${column} = $${i + 2}`).join(', ')} WHERE id = $1`, [
          row.id,
          ...params.map(([, value]) => value),
        ]);
      }
    });
    count += rows.length;
    afterId = rows[rows.length - 1]!.id;
  }
  return { count, keysChanged };
}
