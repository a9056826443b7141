import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/main/core/store/sqlite/migrations';
import { openStore } from '../../src/main/core/store/sqlite/open';
import { tempDataDir } from '../support/core-fixture';

const doc = readFileSync(new URL('../../docs/STORE.md', import.meta.url), 'utf8');
/** The doc's `### ` sections, by their heading line. */
const sections = doc.split(/^### /m).slice(1);
const sectionOf = (table: string) => sections.find((section) => section.split('\n', 1)[0]!.includes(`\`${table}\``));
const named = (name: string) => `\`${name}\``;

describe('docs/STORE.md describes the store as the migrations build it', () => {
  const db = openStore(join(tempDataDir(), 'inspector.sqlite3'));
  // The store's file and its keys file (delivery_keys), whose triggers are TEMP ones each connection makes.
  const schema = db
    .prepare(
      `SELECT type, name, sql FROM (SELECT * FROM main.sqlite_schema UNION ALL SELECT * FROM keys.sqlite_schema UNION ALL SELECT * FROM temp.sqlite_schema)
       WHERE name NOT IN ('sqlite_sequence', 'sqlite_stat1') ORDER BY name`,
    )
    .all() as Array<{ type: string; name: string; sql: string | null }>;
  const virtualTables = schema.filter((o) => o.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(o.sql ?? '')).map((o) => o.name);
  const isShadow = (name: string) => virtualTables.some((table) => name.startsWith(`${table}_`));
  const tables = schema.filter((o) => o.type === 'table' && !isShadow(o.name));
  afterAll(() => db.close());

  it('names the schema version it describes', () => {
    expect(doc).toContain(`${migrations.length} as this page is written`);
  });

  it('has a section for every table, naming each of its columns, and says which are STRICT', () => {
    expect(tables.length).toBeGreaterThan(5);
    for (const { name, sql } of tables) {
      const section = sectionOf(name);
      expect(section, `a section for ${name}`).toBeDefined();
      const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(name) as string[];
      expect(columns.length).toBeGreaterThan(0);
      for (const column of columns) expect(section, `${name}.${column}`).toContain(named(column));
      if (/\)\s*STRICT/i.test(sql ?? '')) expect(section, `${name} is STRICT`).toContain('`STRICT`');
    }
  });

  it('names every index, trigger and FTS5 shadow table', () => {
    const others = schema.filter((o) => o.type === 'index' || o.type === 'trigger' || isShadow(o.name));
    expect(others.length).toBeGreaterThan(10);
    for (const { type, name } of others) expect(doc, `${type} ${name}`).toContain(named(name));
  });
});
