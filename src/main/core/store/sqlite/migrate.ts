import type { Db } from './db';
import { migrations, type Migration } from './migrations';

/** The message refusing a migration edited after it was applied (@webhook-inspector/pg-migrations says the same). */
export function editedMigrationMessage(id: string, recorded: string, now: string): string {
  return `migration ${id} was changed after it was applied to this store (recorded sha256:${recorded}, now sha256:${now}): restore it and add a new migration instead`;
}

/**
 * Applies the missing migrations in one transaction, recording each one's hash in `schema_migrations`; refuses a
 * database written by a newer version, and one with an applied migration whose hash is no longer the code's. A store
 * migrated before hashes were recorded has its applied migrations recorded with today's hashes (applied_at NULL):
 * those cannot be checked retroactively. `list` is the code's migrations, given by tests.
 */
export function migrate(db: Db, list: readonly Migration[] = migrations): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > list.length) {
    throw new Error(`The data dir was written by a newer Webhook Inspector (schema ${current}; this one knows ${list.length}).`);
  }
  // Read first: a store up to date and all recorded opens without a write.
  if (current === list.length && checkRecorded(db, list, current) === 'all') return;
  db.transaction(() => {
    const at = db.pragma('user_version', { simple: true }) as number;
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      sha256 TEXT NOT NULL,
      applied_at INTEGER
    ) STRICT`);
    checkRecorded(db, list, at);
    // Records above user_version (a store set back by hand) are of migrations no longer applied: they go.
    db.prepare('DELETE FROM schema_migrations WHERE version > ?').run(at);
    const record = db.prepare('INSERT OR IGNORE INTO schema_migrations (version, name, sha256, applied_at) VALUES (?, ?, ?, ?)');
    for (let version = 1; version <= at; version++) record.run(version, list[version - 1]!.id, list[version - 1]!.sha256, null);
    for (let version = at; version < list.length; version++) {
      const migration = list[version]!;
      migration(db);
      record.run(version + 1, migration.id, migration.sha256, Date.now());
    }
    db.pragma(`user_version = ${list.length}`);
  }).immediate();
}

/** Throws for an applied migration whose recorded hash differs; says whether every applied one is recorded. */
function checkRecorded(db: Db, list: readonly Migration[], current: number): 'all' | 'some' {
  const table = db.prepare("SELECT 1 FROM main.sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (table === undefined) return 'some';
  const rows = db.prepare('SELECT version, sha256 FROM schema_migrations WHERE version <= ?').all(current) as Array<{ version: number; sha256: string }>;
  for (const { version, sha256 } of rows) {
    const migration = list[version - 1]!;
    if (sha256 !== migration.sha256) throw new Error(editedMigrationMessage(migration.id, sha256, migration.sha256));
  }
  const above = db.prepare('SELECT 1 FROM schema_migrations WHERE version > ?').get(current);
  return rows.length === current && above === undefined ? 'all' : 'some';
}
