import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/core/store/sqlite/migrate';
import { migrations } from '../../src/main/core/store/sqlite/migrations';
import { sqlMigration, type Migration } from '../../src/main/core/store/sqlite/migrations/migration';
import { openStore } from '../../src/main/core/store/sqlite/open';
import { tempDataDir } from '../support/temp-dir';

const records = (db: Database.Database) =>
  db.prepare('SELECT version, name, sha256, applied_at IS NOT NULL AS dated FROM schema_migrations ORDER BY version').all();
const recorded = (list: readonly Migration[], dated: boolean) =>
  list.map((m, i) => ({ version: i + 1, name: m.id, sha256: m.sha256, dated: dated ? 1 : 0 }));

describe("the SQLite store records each applied migration's hash (schema_migrations)", () => {
  it('applies and records, refuses an edited migration at the next open, applies and records a new one', () => {
    const file = join(tempDataDir(), 'inspector.sqlite3');
    openStore(file).close();
    const db = new Database(file);
    try {
      expect(records(db)).toEqual(recorded(migrations, true));

      const edited = sqlMigration('0017-lifecycle-event-facts', 'SELECT 1');
      const tampered = migrations.map((m) => (m.id === edited.id ? edited : m));
      const original = migrations.find((m) => m.id === edited.id)!;
      expect(() => migrate(db, tampered)).toThrow(
        `migration 0017-lifecycle-event-facts was changed after it was applied to this store (recorded sha256:${original.sha256}, now sha256:${edited.sha256}): restore it and add a new migration instead`,
      );
      expect(records(db)).toEqual(recorded(migrations, true));

      const appended = [...migrations, sqlMigration('9999-appended', 'CREATE TABLE appended_by_test (id INTEGER) STRICT')];
      migrate(db, appended);
      expect(records(db)).toEqual(recorded(appended, true));
      expect(db.pragma('user_version', { simple: true })).toBe(appended.length);
      // Up to date: opens again without a change.
      migrate(db, appended);
      expect(records(db)).toEqual(recorded(appended, true));
    } finally {
      db.close();
    }
  });

  it("adopts a store migrated before hashes were recorded: its migrations recorded with today's hashes, undated", () => {
    const file = join(tempDataDir(), 'inspector.sqlite3');
    const old = new Database(file);
    for (const migration of migrations.slice(0, 18)) migration(old);
    old.pragma('user_version = 18');
    old.close();

    const db = openStore(file);
    try {
      expect(records(db)).toEqual([...recorded(migrations.slice(0, 18), false), ...recorded(migrations, true).slice(18)]);
      // From then on, an edit is caught.
      const tampered = [sqlMigration(migrations[0]!.id, 'SELECT 1'), ...migrations.slice(1)];
      expect(() => migrate(db, tampered)).toThrow(`migration ${migrations[0]!.id} was changed after it was applied to this store`);
    } finally {
      db.close();
    }
  });
});
