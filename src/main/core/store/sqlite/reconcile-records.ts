import type { ReconcileRun } from '../../../../shared/reconcile';
import {
  reconcileRunParams,
  toReconcileDelivery,
  toRun,
  toRunSummary,
  toRuntimeSpan,
  type ReconcileDeliveryRow,
  type ReconcileRunRow,
  type RuntimeChange,
  type RuntimeSpanRow,
} from '../common/reconcile-records';
import type { ReconcileStore } from '../inspector-store';
import { reconcileSql } from '../common/reconcile-sql';
import type { Db } from './db';

/** A reconcile write, as the writer (sqlite-writer.ts) is given it: a runtime span's change, or a run to keep. */
export type ReconcileWrite = { runtime: RuntimeChange } | { run: ReturnType<typeof reconcileRunParams> };

/** The writes, on the connection that writes: a span's id when one is opened, else null. */
export function reconcileWriter(db: Db): (write: ReconcileWrite) => number | null {
  const open = db.prepare('INSERT INTO runtime_spans (component, detail, started_at, seen_at) VALUES (?, ?, ?, ?)');
  const touch = db.prepare(reconcileSql.touch);
  const close = db.prepare(reconcileSql.close);
  const save = db.prepare(reconcileSql.saveRun);
  const prune = db.prepare(reconcileSql.pruneRuns);
  return db.transaction((write: ReconcileWrite): number | null => {
    if ('run' in write) {
      const { id, startedAt, state, summary, report } = write.run;
      save.run(id, startedAt, state, summary, report);
      prune.run();
      return null;
    }
    const change = write.runtime;
    if (change.op === 'open') return Number(open.run(change.component, JSON.stringify(change.detail), change.at, change.at).lastInsertRowid);
    for (const id of change.ids) {
      if (change.op === 'touch') touch.run(change.at, id);
      else close.run(change.at, change.at, change.reason, id);
    }
    return null;
  });
}

/** Reconcile's reads on the store's connection, its writes through `write` (the writer's). */
export function sqliteReconcileStore(db: Db, write: (change: ReconcileWrite) => Promise<number | null>): ReconcileStore {
  const deliveries = db.prepare(reconcileSql.deliveries);
  const spans = db.prepare(reconcileSql.spans);
  const list = db.prepare(reconcileSql.listRuns);
  const get = db.prepare(reconcileSql.getRun);
  const latest = db.prepare(reconcileSql.latestDone);
  return {
    deliveries: async () => (deliveries.all() as ReconcileDeliveryRow[]).map(toReconcileDelivery),
    runtime: {
      apply: (change) => write({ runtime: change }),
      spans: async (sinceMs) => (spans.all(sinceMs) as RuntimeSpanRow[]).map(toRuntimeSpan),
    },
    runs: {
      save: async (run: ReconcileRun) => void (await write({ run: reconcileRunParams(run) })),
      list: async (limit) => (list.all(limit) as ReconcileRunRow[]).map(toRunSummary),
      get: async (id) => {
        const row = get.get(id) as ReconcileRunRow | undefined;
        return row ? toRun(row) : null;
      },
      latestDone: async () => {
        const row = latest.get() as ReconcileRunRow | undefined;
        return row ? toRun(row) : null;
      },
    },
  };
}
