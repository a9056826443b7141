import { describe, expect, it } from 'vitest';
import { meaningOfPostgres, meaningOfSqlite, normaliseSql, schemaDifferences, unintended, type SchemaShape } from '../../support/schema-parity';

/** One table and its indexes as both engines would describe it; each test changes one thing on one side. */
function schema(): SchemaShape {
  return {
    tables: {
      replays: {
        kind: 'table',
        columns: {
          id: { type: 'integer', notNull: true, default: null },
          url: { type: 'text', notNull: true, default: null },
          edited: { type: 'integer', notNull: true, default: '0' },
          request_body: { type: 'bytes', notNull: false, default: null },
        },
        primaryKey: ['id'],
      },
    },
    indexes: {
      replays_by_url: { table: 'replays', columns: ['url', 'id'], unique: false, predicate: 'url IS NOT NULL', method: 'btree' },
    },
  };
}

describe("the schema-parity test's comparison", () => {
  it('finds no difference between two alike descriptions', () => {
    expect(schemaDifferences(schema(), schema())).toEqual([]);
  });

  it('names a type that differs once mapped', () => {
    const postgres = schema();
    postgres.tables.replays!.columns.request_body!.type = meaningOfPostgres('text');
    expect(schemaDifferences(schema(), postgres)).toEqual(['column replays.request_body: bytes in SQLite, text in PostgreSQL']);
  });

  it('names a NOT NULL against a nullable column', () => {
    const postgres = schema();
    postgres.tables.replays!.columns.edited!.notNull = false;
    expect(schemaDifferences(schema(), postgres)).toEqual(['column replays.edited: NOT NULL in SQLite, nullable in PostgreSQL']);
  });

  it('names a default that differs, or is on one side only', () => {
    const postgres = schema();
    postgres.tables.replays!.columns.edited!.default = '1';
    postgres.tables.replays!.columns.url!.default = "''";
    expect(schemaDifferences(schema(), postgres)).toEqual([
      'column replays.edited: default 0 in SQLite, 1 in PostgreSQL',
      "column replays.url: default none in SQLite, '' in PostgreSQL",
    ]);
  });

  it('names an index that differs in its columns, uniqueness or predicate, or is on one side only', () => {
    const postgres = schema();
    postgres.indexes.replays_by_url = { table: 'replays', columns: ['url'], unique: true, predicate: null, method: 'btree' };
    postgres.indexes.replays_by_edited = { table: 'replays', columns: ['edited'], unique: false, predicate: null, method: 'btree' };
    expect(schemaDifferences(schema(), postgres)).toEqual([
      'index replays_by_edited: only in PostgreSQL (on replays (edited))',
      'index replays_by_url: WHERE url IS NOT NULL in SQLite, none in PostgreSQL',
      'index replays_by_url: columns (url, id) in SQLite, (url) in PostgreSQL',
      'index replays_by_url: not unique in SQLite, unique in PostgreSQL',
    ]);
  });

  it('names an index one engine lacks, on either side, with what it indexes', () => {
    const sqlite = schema();
    sqlite.indexes.replays_by_edited = { table: 'replays', columns: ['edited', 'id'], unique: false, predicate: 'edited = 1', method: 'btree' };
    const postgres = schema();
    delete postgres.indexes.replays_by_url;
    expect(schemaDifferences(sqlite, postgres)).toEqual([
      'index replays_by_edited: only in SQLite (on replays (edited, id) WHERE edited = 1)',
      'index replays_by_url: only in SQLite (on replays (url, id) WHERE url IS NOT NULL)',
    ]);
    expect(schemaDifferences(postgres, sqlite)).toEqual([
      'index replays_by_edited: only in PostgreSQL (on replays (edited, id) WHERE edited = 1)',
      'index replays_by_url: only in PostgreSQL (on replays (url, id) WHERE url IS NOT NULL)',
    ]);
  });

  it('matches an index named apart on each engine by what it indexes, and names one that differs in anything but its name', () => {
    const postgres = schema();
    postgres.indexes.replays_url_idx = postgres.indexes.replays_by_url!;
    delete postgres.indexes.replays_by_url;
    expect(schemaDifferences(schema(), postgres)).toEqual([]);
    postgres.indexes.replays_url_idx = { ...postgres.indexes.replays_url_idx!, predicate: null };
    expect(schemaDifferences(schema(), postgres)).toEqual([
      'index replays_by_url: only in SQLite (on replays (url, id) WHERE url IS NOT NULL)',
      'index replays_url_idx: only in PostgreSQL (on replays (url, id))',
    ]);
  });

  it("matches a unique constraint's index by what it indexes, whatever each engine names it", () => {
    const [sqlite, postgres] = [schema(), schema()];
    sqlite.indexes.sqlite_autoindex_replays_1 = { table: 'replays', columns: ['url'], unique: true, predicate: null, method: 'btree' };
    postgres.indexes.replays_url_key = { table: 'replays', columns: ['url'], unique: true, predicate: null, method: 'btree' };
    expect(schemaDifferences(sqlite, postgres)).toEqual([]);
  });

  it('names a column, a table, a primary key that differ', () => {
    const postgres = schema();
    delete postgres.tables.replays!.columns.request_body;
    postgres.tables.replays!.primaryKey = ['url'];
    postgres.tables.audit_log = { kind: 'table', columns: {}, primaryKey: [] };
    expect(schemaDifferences(schema(), postgres)).toEqual([
      'column replays.request_body: only in SQLite',
      'table audit_log: only in PostgreSQL',
      'table replays: primary key (id) in SQLite, (url) in PostgreSQL',
    ]);
  });

  it('maps the types and normalises defaults and predicates as each engine writes them', () => {
    expect(['INTEGER', 'TEXT', 'BLOB', 'REAL', ''].map(meaningOfSqlite)).toEqual(['integer', 'text', 'bytes', 'real', 'text']);
    expect(['bigint', 'integer', 'smallint', 'text', 'bytea', 'double precision', 'timestamp with time zone'].map(meaningOfPostgres)).toEqual([
      'integer',
      'integer',
      'integer',
      'text',
      'bytes',
      'real',
      'timestamp with time zone',
    ]);
    expect(normaliseSql("'member'::text")).toBe("'member'");
    expect(normaliseSql("(finding_codes <> '[]'::text)")).toBe(normaliseSql(" finding_codes <> '[]';"));
    expect(normaliseSql('(idempotency_key IS NOT NULL)')).toBe('idempotency_key IS NOT NULL');
  });

  it('leaves the intended differences, and says which intended ones are no longer found', () => {
    const differences = ['table audit_log: only in PostgreSQL', 'column replays.edited: NOT NULL in SQLite, nullable in PostgreSQL'];
    expect(unintended(differences, { 'table audit_log: only in PostgreSQL': 'a team server only', 'table gone: only in SQLite': 'stale' })).toEqual({
      unexpected: ['column replays.edited: NOT NULL in SQLite, nullable in PostgreSQL'],
      stale: ['table gone: only in SQLite'],
    });
  });
});
