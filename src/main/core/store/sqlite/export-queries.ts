import type { ScopeReader } from '../reader';
import { keyedDeliveries } from '../common/duplicate-grouping';
import type { Db } from './db';
import {
  exportedDeliveryColumns,
  storedDeliveryColumns,
  toStoredDelivery,
  type ExportedDelivery,
  type ExportScope,
  type StoredDeliveryRow,
} from '../common/stored-delivery';

/**
 * A scope's deliveries as `FROM … WHERE …`, values bound (ids go in as one JSON array), and the column of their ids
 * in the order the index that finds them holds (a key's through the keys file: duplicate-grouping.ts).
 */
function scopeClause(scope: ExportScope): { from: string; where: string; id: string; param: string | null } {
  if (scope === 'all') return { from: 'deliveries', where: '1', id: 'id', param: null };
  if ('deliveryIds' in scope) {
    return { from: 'deliveries', where: 'id IN (SELECT value FROM json_each(@param))', id: 'id', param: JSON.stringify(scope.deliveryIds) };
  }
  if ('idempotencyKey' in scope) return { from: keyedDeliveries, where: 'idempotency = @param', id: 'row_id', param: scope.idempotencyKey };
  return { from: keyedDeliveries, where: 'lifecycle = @param', id: 'row_id', param: scope.lifecycleKey };
}

/** The exports' reads of the SQLite store. */
export function exportQueries(db: Db) {
  const byId = db.prepare(`SELECT ${storedDeliveryColumns} FROM deliveries WHERE id = ?`);
  const exportPage = db.prepare(
    `SELECT ${exportedDeliveryColumns}
     FROM deliveries d LEFT JOIN duplicate_groups g ON g.idempotency_key = d.idempotency_key
     WHERE d.id > ? ORDER BY d.id LIMIT ?`,
  );
  const lifecycleKeys = db.prepare('SELECT key FROM lifecycles WHERE key > ? ORDER BY key LIMIT ?').pluck();
  return {
    scope(scope: ExportScope): ScopeReader {
      const { from, where, id, param } = scopeClause(scope);
      const total = db.prepare(`SELECT count(*) FROM ${from} WHERE ${where}`).pluck().get({ param }) as number;
      const page = db.prepare(`SELECT ${storedDeliveryColumns} FROM ${from} WHERE ${where} AND ${id} > @after ORDER BY ${id} LIMIT @limit`);
      return {
        total,
        storedIds: async () => db.prepare(`SELECT id FROM ${from} WHERE ${where} ORDER BY ${id}`).pluck().all({ param }) as number[],
        page: async (after, limit) => (page.all({ param, after, limit }) as StoredDeliveryRow[]).map(toStoredDelivery),
      };
    },
    storedDelivery(id: number) {
      const row = byId.get(id) as StoredDeliveryRow | undefined;
      return row ? toStoredDelivery(row) : null;
    },
    exportPage: (afterId: number, limit: number) => exportPage.all(afterId, limit) as ExportedDelivery[],
    lifecycleKeys: (afterKey: string, limit: number) => lifecycleKeys.all(afterKey, limit) as string[],
  };
}
