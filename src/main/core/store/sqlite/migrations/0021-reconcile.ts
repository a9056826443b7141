import { sqlMigration } from './migration';

/**
 * Reconcile (docs/reconcile.md): when the inspector, its receivers and its relay source ran, so that a stretch without
 * a receiver is known rather than guessed, and each run kept (its summary apart from its rows), so that the next one
 * says what changed since.
 */
export const reconcileRecords = sqlMigration('0021-reconcile', `
    CREATE TABLE runtime_spans (
      id INTEGER PRIMARY KEY,
      component TEXT NOT NULL,
      detail TEXT NOT NULL,
      started_at INTEGER NOT NULL,
      seen_at INTEGER NOT NULL,
      stopped_at INTEGER,
      stop_reason TEXT
    );
    CREATE INDEX runtime_spans_by_stop ON runtime_spans (stopped_at);
    CREATE TABLE reconcile_runs (
      id TEXT PRIMARY KEY,
      started_at INTEGER NOT NULL,
      state TEXT NOT NULL,
      summary TEXT NOT NULL,
      report TEXT
    );
    CREATE INDEX reconcile_runs_by_start ON reconcile_runs (started_at);
  `);
