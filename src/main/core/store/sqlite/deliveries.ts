import type { DeliveryAnalysis } from '../../analysis/types';
import type { DeliveryRecord } from '../../delivery-record/delivery-record';
import type { Db } from './db';
import type { RawRow} from '../common/delivery-columns';
import { derivedParams, derivedColumns, insertColumns, insertValues } from '../common/delivery-columns';

/** The INSERT of a delivery row, its parameters in the order of `insertValues`. */
export const insertDeliverySql = `INSERT INTO deliveries (${insertColumns.join(', ')})
  VALUES (${insertColumns.map(() => '?').join(', ')})`;

/** The body's place among `insertValues`. */
export const insertBodyIndex = insertColumns.indexOf('body');

export function deliveryQueries(db: Db) {
  const insert = db.prepare(insertDeliverySql);
  const updateDerived = db.prepare(
    `UPDATE deliveries SET ${derivedColumns.split(', ').map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`,
  );
  const rawBatch = db.prepare(
    `SELECT id, method, path, query, headers, body, body_truncated, idempotency_key, lifecycle_key
     FROM deliveries WHERE id > ? ORDER BY id LIMIT ?`,
  );

  return {
    insert(record: DeliveryRecord): number {
      return Number(insert.run(...insertValues(record)).lastInsertRowid);
    },

    updateDerived(id: number, analysis: DeliveryAnalysis): void {
      const result = updateDerived.run({ id, ...derivedParams(analysis) });
      if (result.changes !== 1) throw new Error(`delivery ${id} vanished during re-analysis`);
    },

    rawBatch(afterId: number, limit: number): RawRow[] {
      return rawBatch.all(afterId, limit) as RawRow[];
    },
  };
}
