import type pg from 'pg';
import type { Db } from '../../src/main/core/store/sqlite/db';

/**
 * The two store engines' schemas described alike, and compared: the store-schema-parity test's machinery
 * (test/integration/store-schema-parity.test.ts reads both engines; test/unit/store/schema-parity.test.ts feeds it
 * descriptions that differ in each way).
 */

/**
 * What a column holds, whatever the engine calls it. The mapping: SQLite INTEGER ↔ PostgreSQL bigint, integer or
 * smallint (flags stay 0/1 on both); REAL ↔ double precision or real; TEXT ↔ text; BLOB ↔ bytea; an FTS5 column
 * (declared without a type) is text. Any other PostgreSQL type (timestamptz, boolean…) keeps its own name, so it
 * matches nothing on SQLite.
 */
export type Meaning = 'integer' | 'real' | 'text' | 'bytes' | (string & {});

export interface ColumnShape {
  type: Meaning;
  notNull: boolean;
  /** Normalised (casts and outer parentheses dropped), or null for none. */
  default: string | null;
}

export interface IndexShape {
  table: string;
  columns: string[];
  unique: boolean;
  /** A partial index's WHERE, normalised; null for a whole-table index. */
  predicate: string | null;
  /** The access method: btree but for PostgreSQL's gin one (the free-text search's). */
  method: string;
}

export interface TableShape {
  /** A view (PostgreSQL's delivery_keys) is described but not compared column by column. */
  kind: 'table' | 'view' | 'virtual';
  columns: Record<string, ColumnShape>;
  primaryKey: string[];
}

export interface SchemaShape {
  tables: Record<string, TableShape>;
  /** By name; the primary keys' own indexes are not listed (the tables' primaryKey says them). */
  indexes: Record<string, IndexShape>;
}

export function meaningOfSqlite(declared: string): Meaning {
  const type = declared.toUpperCase();
  if (type.includes('INT')) return 'integer';
  if (type.includes('REAL') || type.includes('FLOA') || type.includes('DOUB')) return 'real';
  if (type.includes('BLOB')) return 'bytes';
  if (type === '' || type.includes('TEXT') || type.includes('CHAR')) return 'text';
  return type.toLowerCase();
}

export function meaningOfPostgres(dataType: string): Meaning {
  if (['bigint', 'integer', 'smallint'].includes(dataType)) return 'integer';
  if (['real', 'double precision'].includes(dataType)) return 'real';
  if (dataType === 'bytea') return 'bytes';
  if (dataType === 'text') return 'text';
  return dataType;
}

/** `'member'::text` → `'member'`, `(0)` → `0`, `(count > 1)` → `count > 1`: what both engines write alike. */
export function normaliseSql(text: string | null): string | null {
  if (text === null) return null;
  let s = text.replace(/::[a-z_ ]+(\[\])?/gi, '').replace(/\s+/g, ' ').trim().replace(/;$/, '');
  while (s.startsWith('(') && s.endsWith(')') && balanced(s.slice(1, -1))) s = s.slice(1, -1).trim();
  return s.replace(/\(\s*/g, '(').replace(/\s*\)/g, ')');
}

function balanced(s: string): boolean {
  let depth = 0;
  for (const c of s) {
    depth += c === '(' ? 1 : c === ')' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** The store's file and its keys file (`keys`), FTS5's shadow tables left out (their virtual table stands for them). */
export function describeSqlite(db: Db, schemas: readonly string[] = ['main', 'keys']): SchemaShape {
  const shape: SchemaShape = { tables: {}, indexes: {} };
  for (const schema of schemas) {
    const objects = db.prepare(`SELECT type, name, tbl_name, sql FROM ${schema}.sqlite_master WHERE name NOT LIKE 'sqlite_%' OR type = 'index'`).all() as Array<{
      type: string;
      name: string;
      tbl_name: string;
      sql: string | null;
    }>;
    const virtual = objects.filter((o) => o.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(o.sql ?? '')).map((o) => o.name);
    for (const table of objects.filter((o) => o.type === 'table' && !virtual.some((v) => o.name.startsWith(`${v}_`)))) {
      const info = db.prepare(`PRAGMA ${schema}.table_info("${table.name}")`).all() as Array<{
        name: string;
        type: string;
        notnull: number;
        dflt_value: string | null;
        pk: number;
      }>;
      shape.tables[table.name] = {
        kind: virtual.includes(table.name) ? 'virtual' : 'table',
        // A primary key's column counts as NOT NULL, as PostgreSQL makes it (SQLite's rowid tables would take a NULL
        // key but for INTEGER PRIMARY KEY; the stores never write one).
        columns: Object.fromEntries(
          info.map((c) => [c.name, { type: meaningOfSqlite(c.type), notNull: c.notnull === 1 || c.pk > 0, default: normaliseSql(c.dflt_value) }]),
        ),
        primaryKey: info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name),
      };
      for (const index of db.prepare(`PRAGMA ${schema}.index_list("${table.name}")`).all() as Array<{ name: string; unique: number; origin: string }>) {
        if (index.origin === 'pk') continue;
        const columns = (db.prepare(`PRAGMA ${schema}.index_info("${index.name}")`).all() as Array<{ seqno: number; name: string | null }>)
          .sort((a, b) => a.seqno - b.seqno)
          .map((c) => c.name ?? '<expression>');
        const sql = objects.find((o) => o.type === 'index' && o.name === index.name)?.sql ?? '';
        const where = /\bWHERE\b([\s\S]*)$/i.exec(sql);
        shape.indexes[index.name] = { table: table.name, columns, unique: index.unique === 1, predicate: normaliseSql(where ? where[1]! : null), method: 'btree' };
      }
    }
  }
  return shape;
}

/** The `public` schema's tables and views, columns, primary keys and indexes. */
export async function describePostgres(pool: pg.Pool): Promise<SchemaShape> {
  const shape: SchemaShape = { tables: {}, indexes: {} };
  const relations = await pool.query<{ name: string; kind: string }>(
    `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v')`,
  );
  for (const { name, kind } of relations.rows) shape.tables[name] = { kind: kind === 'v' ? 'view' : 'table', columns: {}, primaryKey: [] };
  const columns = await pool.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
  );
  for (const c of columns.rows) {
    const table = shape.tables[c.table_name];
    if (table) table.columns[c.column_name] = { type: meaningOfPostgres(c.data_type), notNull: c.is_nullable === 'NO', default: normaliseSql(c.column_default) };
  }
  const indexes = await pool.query<{ name: string; table: string; unique: boolean; primary: boolean; predicate: string | null; method: string; columns: string[] }>(
    `SELECT i.relname AS name, t.relname AS table, ix.indisunique AS unique, ix.indisprimary AS primary,
       pg_get_expr(ix.indpred, ix.indrelid) AS predicate, am.amname AS method,
       array(SELECT a.attname::text FROM unnest(ix.indkey::int2[]) WITH ORDINALITY k(attnum, n)
             LEFT JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns
     FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid JOIN pg_class t ON t.oid = ix.indrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace JOIN pg_am am ON am.oid = i.relam
     WHERE n.nspname = 'public'`,
  );
  for (const index of indexes.rows) {
    if (index.primary) {
      shape.tables[index.table]!.primaryKey = index.columns;
      continue;
    }
    shape.indexes[index.name] = {
      table: index.table,
      columns: index.columns.map((c) => c ?? '<expression>'),
      unique: index.unique,
      predicate: normaliseSql(index.predicate),
      method: index.method,
    };
  }
  return shape;
}

const list = (columns: readonly string[]) => `(${columns.join(', ')})`;
const nullability = (notNull: boolean) => (notNull ? 'NOT NULL' : 'nullable');
const orNone = (value: string | null) => value ?? 'none';

/**
 * Every difference between the two descriptions, each one line naming what differs and how, e.g.
 * `column replays.edited: NOT NULL in SQLite, nullable in PostgreSQL`. A table only one engine has is one
 * difference (its columns and indexes are not listed apart); a view is compared by its name only.
 */
export function schemaDifferences(sqlite: SchemaShape, postgres: SchemaShape): string[] {
  const differences: string[] = [];
  const both: string[] = [];
  for (const table of Object.keys(sqlite.tables)) {
    const other = postgres.tables[table];
    if (!other) differences.push(`table ${table}: only in SQLite`);
    else if (other.kind !== sqlite.tables[table]!.kind) differences.push(`table ${table}: a ${sqlite.tables[table]!.kind} in SQLite, a ${other.kind} in PostgreSQL`);
    else both.push(table);
  }
  for (const table of Object.keys(postgres.tables)) if (!sqlite.tables[table]) differences.push(`table ${table}: only in PostgreSQL`);

  for (const table of both) {
    const [a, b] = [sqlite.tables[table]!, postgres.tables[table]!];
    for (const [name, column] of Object.entries(a.columns)) {
      const other = b.columns[name];
      const at = `column ${table}.${name}`;
      if (!other) {
        differences.push(`${at}: only in SQLite`);
        continue;
      }
      if (column.type !== other.type) differences.push(`${at}: ${column.type} in SQLite, ${other.type} in PostgreSQL`);
      if (column.notNull !== other.notNull) differences.push(`${at}: ${nullability(column.notNull)} in SQLite, ${nullability(other.notNull)} in PostgreSQL`);
      if (column.default !== other.default) differences.push(`${at}: default ${orNone(column.default)} in SQLite, ${orNone(other.default)} in PostgreSQL`);
    }
    for (const name of Object.keys(b.columns)) if (!a.columns[name]) differences.push(`column ${table}.${name}: only in PostgreSQL`);
    if (list(a.primaryKey) !== list(b.primaryKey)) differences.push(`table ${table}: primary key ${list(a.primaryKey)} in SQLite, ${list(b.primaryKey)} in PostgreSQL`);
  }

  // Indexes of the tables both have, matched by name, then (a unique constraint's index, named by each engine its own
  // way) by what they index.
  const onBoth = (shape: SchemaShape) => Object.entries(shape.indexes).filter(([, index]) => both.includes(index.table));
  const signature = (index: IndexShape) => `${index.table}${list(index.columns)} ${index.unique} ${index.predicate} ${index.method}`;
  const unmatchedPostgres = new Map(onBoth(postgres));
  const unmatchedSqlite: Array<[string, IndexShape]> = [];
  for (const [name, index] of onBoth(sqlite)) {
    const other = unmatchedPostgres.get(name);
    if (!other) {
      unmatchedSqlite.push([name, index]);
      continue;
    }
    unmatchedPostgres.delete(name);
    const at = `index ${name}`;
    if (index.table !== other.table) differences.push(`${at}: on ${index.table} in SQLite, on ${other.table} in PostgreSQL`);
    if (list(index.columns) !== list(other.columns)) differences.push(`${at}: columns ${list(index.columns)} in SQLite, ${list(other.columns)} in PostgreSQL`);
    if (index.unique !== other.unique) differences.push(`${at}: ${index.unique ? 'unique' : 'not unique'} in SQLite, ${other.unique ? 'unique' : 'not unique'} in PostgreSQL`);
    if (index.predicate !== other.predicate) differences.push(`${at}: WHERE ${orNone(index.predicate)} in SQLite, ${orNone(other.predicate)} in PostgreSQL`);
    if (index.method !== other.method) differences.push(`${at}: ${index.method} in SQLite, ${other.method} in PostgreSQL`);
  }
  for (const [name, index] of unmatchedSqlite) {
    const twin = [...unmatchedPostgres].find(([, other]) => signature(other) === signature(index));
    if (twin) unmatchedPostgres.delete(twin[0]);
    else differences.push(`index ${name}: only in SQLite (${describeIndex(index)})`);
  }
  for (const [name, index] of unmatchedPostgres) differences.push(`index ${name}: only in PostgreSQL (${describeIndex(index)})`);
  return differences.sort();
}

const describeIndex = (index: IndexShape) =>
  `${index.unique ? 'unique ' : ''}${index.method === 'btree' ? '' : `${index.method} `}on ${index.table} ${list(index.columns)}${index.predicate ? ` WHERE ${index.predicate}` : ''}`;

/**
 * The differences not in `intended` (each a difference's exact line, with why it is meant), and the intended ones
 * no longer found: a list that outlives its reason hides the next.
 */
export function unintended(differences: readonly string[], intended: Record<string, string>): { unexpected: string[]; stale: string[] } {
  return {
    unexpected: differences.filter((d) => !(d in intended)),
    stale: Object.keys(intended).filter((d) => !differences.includes(d)),
  };
}
