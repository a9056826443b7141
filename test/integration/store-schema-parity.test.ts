import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateInspectorSchema } from '../../src/main/core/store/postgres/schema';
import { openStore, type Db } from '../../src/main/core/store/sqlite/open';
import { withTestPostgres } from '../support/postgres-per-suite';
import { describePostgres, describeSqlite, schemaDifferences, unintended, type SchemaShape } from '../support/schema-parity';
import { tempDataDir } from '../support/temp-dir';

/**
 * The differences meant between the two engines' schemas, each a difference's exact line (as schemaDifferences
 * names it) with why. Anything else fails: a column, table or index added to one engine's migrations and forgotten
 * in the other's, or a column or index whose type (mapped, test/support/schema-parity.ts), nullability, default,
 * uniqueness, columns or predicate differ.
 */
const intended: Record<string, string> = {
  // Tables one engine has.
  'table delivery_search: only in SQLite': 'the FTS5 index of body words (sqlite/migrations/0007); PostgreSQL keeps them in delivery_search_words',
  'table delivery_long_runs: only in SQLite': 'the FTS5 index of long runs (0010); PostgreSQL keeps them in delivery_search_words',
  'table delivery_search_words: only in PostgreSQL':
    "the bodies' words and long runs' trigrams (a tsvector) and their GIN index, filled after the commit (postgres/search-index.ts); SQLite keeps them in its FTS5 tables",
  'table delivery_filters: only in SQLite': "the filters' columns apart so a commit writes no filter index (0018); PostgreSQL indexes deliveries",
  'table delivery_keys: a table in SQLite, a view in PostgreSQL': "SQLite's keys file (0019, delivery-keys.ts); on PostgreSQL the same names over deliveries",
  'table delivery_keys_count: only in SQLite': "the keys file's count of its rows, which finds a file that no longer matches its store",
  'table inspector_schema: only in PostgreSQL': "pg-migrations' version table; SQLite keeps the version in PRAGMA user_version",
  'table inspector_users: only in PostgreSQL': "a team server's users: only PostgreSQL serves a team",
  'table audit_log: only in PostgreSQL': "a team server's audit log: only PostgreSQL serves a team",
  // Columns.
  'column replays.sent_by: only in PostgreSQL': 'who sent a replay: only a team server has users',
  "column duplicate_groups.basis: default 'idempotency_key' in SQLite, none in PostgreSQL":
    "SQLite's ALTER TABLE ADD COLUMN … NOT NULL (0011) needs one for the rows already there; both writers name the basis",
  // Indexes.
  'index deliveries_by_event_received: only in PostgreSQL (on deliveries (event, received_at, id))': 'SQLite indexes the filters on delivery_filters (0018)',
  'index deliveries_by_form_received: only in PostgreSQL (on deliveries (form, received_at, id))': 'SQLite indexes the filters on delivery_filters (0018)',
  'index deliveries_by_path_received: only in PostgreSQL (on deliveries (path, received_at, id))': 'SQLite indexes the filters on delivery_filters (0018)',
  'index deliveries_by_signature_received: only in PostgreSQL (on deliveries (signature, received_at, id))': 'SQLite indexes the filters on delivery_filters (0018)',
  'index deliveries_by_key: only in PostgreSQL (on deliveries (idempotency_key, id) WHERE idempotency_key IS NOT NULL)':
    "SQLite's is in the keys file (0019); PostgreSQL's delivery_keys view reads it",
  'index deliveries_by_lifecycle: only in PostgreSQL (on deliveries (lifecycle_key, id) WHERE lifecycle_key IS NOT NULL)':
    "SQLite's is in the keys file (0019); PostgreSQL's delivery_keys view reads it",
};

/** Changes made to a freshly migrated store of each engine before it is described. */
interface Planted {
  sqlite?: (db: Db) => void;
  postgres?: (pool: pg.Pool) => Promise<unknown>;
}

describe("the two engines' schemas", () => {
  const database = withTestPostgres();

  /** A new SQLite store and a new PostgreSQL database, each migrated by its engine (and planted), described. */
  async function bothSchemas(name: string, planted: Planted = {}): Promise<{ sqlite: SchemaShape; postgres: SchemaShape }> {
    const db = openStore(join(tempDataDir(), 'inspector.sqlite3'));
    let sqlite: SchemaShape;
    try {
      planted.sqlite?.(db);
      sqlite = describeSqlite(db);
    } finally {
      db.close();
    }
    const pool = new pg.Pool({ connectionString: await database.cluster.createDatabase(name), max: 2 });
    try {
      await migrateInspectorSchema(pool);
      await planted.postgres?.(pool);
      return { sqlite, postgres: await describePostgres(pool) };
    } finally {
      await pool.end();
    }
  }

  it('have the same tables, columns (type, nullability, default), primary keys and indexes, but for the differences listed', async () => {
    const { sqlite, postgres } = await bothSchemas('parity');
    expect(Object.keys(sqlite.tables).length).toBeGreaterThan(8);
    expect(Object.keys(postgres.indexes).length).toBeGreaterThan(15);

    const { unexpected, stale } = unintended(schemaDifferences(sqlite, postgres), intended);
    expect(unexpected).toEqual([]);
    expect(stale).toEqual([]);
  });

  it('would name a type, a nullability, a default or an index that one engine\'s migrations changed and the other\'s did not', async () => {
    const { sqlite, postgres } = await bothSchemas('parity_planted', {
      sqlite: (db) => db.exec('CREATE INDEX planted_replays_by_url ON replays (url)'),
      postgres: (pool) =>
        pool.query(`
          ALTER TABLE replays ALTER COLUMN url TYPE bytea USING convert_to(url, 'UTF8');
          ALTER TABLE replays ALTER COLUMN edited DROP NOT NULL;
          ALTER TABLE replays ALTER COLUMN edited SET DEFAULT 1;
          DROP INDEX lifecycles_by_status;
        `),
    });
    const { unexpected, stale } = unintended(schemaDifferences(sqlite, postgres), intended);
    expect(unexpected).toEqual([
      'column replays.edited: NOT NULL in SQLite, nullable in PostgreSQL',
      'column replays.edited: default 0 in SQLite, 1 in PostgreSQL',
      'column replays.url: text in SQLite, bytes in PostgreSQL',
      'index lifecycles_by_status: only in SQLite (on lifecycles (current_status, last_delivery_id))',
      'index planted_replays_by_url: only in SQLite (on replays (url))',
    ]);
    expect(stale).toEqual([]);
  });
});
