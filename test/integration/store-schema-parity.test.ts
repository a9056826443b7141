import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateInspectorSchema } from '../../src/main/core/store/postgres/schema';
import { openStore } from '../../src/main/core/store/sqlite/open';
import { withTestPostgres } from '../support/postgres-per-suite';
import { tempDataDir } from '../support/temp-dir';

/** What a column holds, whatever the engine calls it: both engines' rows read the same (flags stay 0/1). */
type Meaning = 'integer' | 'real' | 'text' | 'bytes';

function meaningOfSqlite(declared: string): Meaning {
  const type = declared.toUpperCase();
  if (type.includes('INT')) return 'integer';
  if (type.includes('REAL') || type.includes('FLOA') || type.includes('DOUB')) return 'real';
  if (type.includes('BLOB')) return 'bytes';
  // FTS5's columns are declared without a type: what they hold is text.
  return 'text';
}

function meaningOfPostgres(dataType: string): Meaning {
  if (['bigint', 'integer', 'smallint'].includes(dataType)) return 'integer';
  if (['real', 'double precision', 'numeric'].includes(dataType)) return 'real';
  if (dataType === 'bytea') return 'bytes';
  return 'text';
}

/**
 * The differences meant, each with why. Anything else (a column added to one engine's migrations and forgotten in
 * the other's, a column whose meaning differs) fails.
 */
const onlyInSqlite: Record<string, string> = {
  // FTS5 tables (sqlite/migrations/0007, 0010) and the shadow tables SQLite keeps for them: PostgreSQL searches
  // deliveries.search_text through a pg_trgm index instead.
  'delivery_search.body_text': 'the FTS5 index of bodies',
  'delivery_search_config.*': "FTS5's shadow table",
  'delivery_search_data.*': "FTS5's shadow table",
  'delivery_search_idx.*': "FTS5's shadow table",
  'delivery_long_runs.trigrams': 'the FTS5 index of long runs',
  'delivery_long_runs_config.*': "FTS5's shadow table",
  'delivery_long_runs_data.*': "FTS5's shadow table",
  'delivery_long_runs_idx.*': "FTS5's shadow table",
  // sqlite/migrations/0018: a commit writes no index of the filters; PostgreSQL keeps them on deliveries.
  'delivery_filters.*': "the filters' columns apart, their indexes filled by the derivation",
  // sqlite/delivery-keys.ts: the keys file's count of its rows, which finds a file that no longer matches the store;
  // PostgreSQL's delivery_keys is a view over deliveries.
  'delivery_keys_count.rows': "the keys file's own count of its rows",
};
const onlyInPostgres: Record<string, string> = {
  'deliveries.search_text': "the body as text for pg_trgm's index: SQLite searches through FTS5 tables instead",
  'inspector_schema.version': 'the schema version: SQLite keeps it in PRAGMA user_version',
  'replays.sent_by': 'who sent a replay: only a team server has users',
  'inspector_users.*': 'a team server\'s users: only PostgreSQL serves a team',
  'audit_log.*': "a team server's audit log: only PostgreSQL serves a team",
};

/** `table.*`: every column of the column's table. */
const tableWide = (column: string) => `${column.slice(0, column.indexOf('.'))}.*`;
const meant = (column: string, list: Record<string, string>) => column in list || tableWide(column) in list;

describe("the two engines' schemas", () => {
  const database = withTestPostgres();

  it('name the same tables and columns, with the same meanings, but for the differences listed', async () => {
    const db = openStore(join(tempDataDir(), 'inspector.sqlite3'));
    const sqlite = new Map<string, Meaning>();
    try {
      // The store's file and its keys file (delivery_keys, a view over deliveries on PostgreSQL).
      for (const schema of ['main', 'keys']) {
        const tables = db.prepare(`SELECT name FROM ${schema}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).pluck().all() as string[];
        for (const table of tables) {
          for (const column of db.prepare(`PRAGMA ${schema}.table_info("${table}")`).all() as Array<{ name: string; type: string }>) {
            sqlite.set(`${table}.${column.name}`, meaningOfSqlite(column.type));
          }
        }
      }
    } finally {
      db.close();
    }
    await migrateInspectorSchema(database.pool);
    const { rows } = await database.pool.query<{ table_name: string; column_name: string; data_type: string }>(
      `SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const postgres = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, meaningOfPostgres(r.data_type)]));

    expect([...sqlite.keys()].filter((column) => !postgres.has(column) && !meant(column, onlyInSqlite)).sort()).toEqual([]);
    expect([...postgres.keys()].filter((column) => !sqlite.has(column) && !meant(column, onlyInPostgres)).sort()).toEqual([]);
    const differing = [...sqlite].filter(([column, meaning]) => postgres.has(column) && postgres.get(column) !== meaning);
    expect(differing.map(([column, meaning]) => `${column}: ${meaning} in SQLite, ${postgres.get(column)} in PostgreSQL`)).toEqual([]);
    // Each difference listed is still one: a list that outlives its reason hides the next.
    const stale = (list: Record<string, string>, own: Map<string, Meaning>, other: Map<string, Meaning>) =>
      Object.keys(list).filter((key) => ![...own.keys()].some((column) => key === column || key === tableWide(column)) || other.has(key));
    expect([...stale(onlyInSqlite, sqlite, postgres), ...stale(onlyInPostgres, postgres, sqlite)]).toEqual([]);
  });
});
