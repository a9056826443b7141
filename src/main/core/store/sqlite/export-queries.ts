import type { ScopeReader } from '../common/inspector-store';
import type { Db } from './db';
import {
  exportedDeliveryColumns,
  storedDeliveryColumns,
  toStoredDelivery,
  type ExportedDelivery,
  type ExportScope,
  type StoredDeliveryRow,
} from '../common/stored-delivery';

/** The WHERE clause of a scope, values bound (ids go in as one JSON array). */
function scopeClause(scope: ExportScope): { where: string; param: string | null } {
  if (scope === 'all') return { where: '1', param: null };
  if ('deliveryIds' in scope) return { where: 'id IN (SELECT value FROM json_each(@param))', param: JSON.stringify(scope.deliveryIds) };
  if ('idempotencyKey' in scope) return { where: 'idempotency_key = @param', param: scope.idempotencyKey };
  return { where: 'lifecycle_key = @param', param: scope.lifecycleKey };
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
      const { where, param } = scopeClause(scope);
      const total = db.prepare(`SELECT count(*) FROM deliveries WHERE ${where}`).pluck().get({ param }) as number;
      const page = db.prepare(`SELECT ${storedDeliveryColumns} FROM deliveries WHERE ${where} AND id > @after ORDER BY id LIMIT @limit`);
      return {
        total,
        storedIds: async () => db.prepare(`SELECT id FROM deliveries WHERE ${where}`).pluck().all({ param }) as number[],
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
