import type pg from 'pg';
import {
  reconcileRunParams,
  toReconcileDelivery,
  toRun,
  toRunSummary,
  toRuntimeSpan,
  type ReconcileDeliveryRow,
  type ReconcileRunRow,
  type RuntimeSpanRow,
} from '../common/reconcile-records';
import type { ReconcileStore } from '../inspector-store';
import { reconcileSql } from '../common/reconcile-sql';
import { select } from './sql';

/** Reconcile's records on PostgreSQL: the same statements as SQLite's, through the pool. */
export function pgReconcileStore(pool: pg.Pool): ReconcileStore {
  return {
    deliveries: async () => (await select<ReconcileDeliveryRow>(pool, reconcileSql.deliveries, [])).map(toReconcileDelivery),
    runtime: {
      async apply(change) {
        if (change.op === 'open') {
          const { rows } = await pool.query<{ id: string }>(
            'INSERT INTO runtime_spans (component, detail, started_at, seen_at) VALUES ($1, $2, $3, $3) RETURNING id',
            [change.component, JSON.stringify(change.detail), change.at],
          );
          return Number(rows[0]!.id);
        }
        for (const id of change.ids) {
          if (change.op === 'touch') await select(pool, reconcileSql.touch, [change.at, id]);
          else await select(pool, reconcileSql.close, [change.at, change.at, change.reason, id]);
        }
        return null;
      },
      spans: async (sinceMs) => (await select<RuntimeSpanRow>(pool, reconcileSql.spans, [sinceMs])).map(toRuntimeSpan),
    },
    runs: {
      async save(run) {
        const { id, startedAt, state, summary, report } = reconcileRunParams(run);
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await select(client, reconcileSql.saveRun, [id, startedAt, state, summary, report]);
          await client.query(reconcileSql.pruneRuns);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
      list: async (limit) => (await select<ReconcileRunRow>(pool, reconcileSql.listRuns, [limit])).map(toRunSummary),
      get: async (id) => {
        const [row] = await select<ReconcileRunRow>(pool, reconcileSql.getRun, [id]);
        return row ? toRun(row) : null;
      },
      latestDone: async () => {
        const [row] = await select<ReconcileRunRow>(pool, reconcileSql.latestDone, []);
        return row ? toRun(row) : null;
      },
    },
  };
}
