import { keptReconcileRuns, reconcileDeliveryColumns } from './reconcile-records';

/** Reconcile's statements, written once for both engines (`?` parameters; PostgreSQL numbers them). */
export const reconcileSql = {
  deliveries: `SELECT ${reconcileDeliveryColumns} FROM deliveries WHERE lifecycle_key IS NOT NULL ORDER BY id`,
  spans: 'SELECT * FROM runtime_spans WHERE stopped_at IS NULL OR stopped_at >= ? ORDER BY started_at, id',
  touch: 'UPDATE runtime_spans SET seen_at = ? WHERE id = ? AND stopped_at IS NULL',
  close: 'UPDATE runtime_spans SET seen_at = ?, stopped_at = ?, stop_reason = ? WHERE id = ? AND stopped_at IS NULL',
  saveRun: `INSERT INTO reconcile_runs (id, started_at, state, summary, report) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET state = excluded.state, summary = excluded.summary, report = excluded.report`,
  pruneRuns: `DELETE FROM reconcile_runs WHERE id NOT IN (SELECT id FROM reconcile_runs ORDER BY started_at DESC, id DESC LIMIT ${keptReconcileRuns})`,
  listRuns: 'SELECT id, started_at, state, summary FROM reconcile_runs ORDER BY started_at DESC, id DESC LIMIT ?',
  getRun: 'SELECT * FROM reconcile_runs WHERE id = ?',
  latestDone: "SELECT * FROM reconcile_runs WHERE state = 'done' ORDER BY started_at DESC, id DESC LIMIT 1",
} as const;
