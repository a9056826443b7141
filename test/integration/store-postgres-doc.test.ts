import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSchemaVersion } from '../../src/main/core/store/postgres/schema';
import { openTestStore, queryStore, stopTestPostgres, storeLocation } from '../support/engines';

const doc = readFileSync(new URL('../../docs/STORE-POSTGRES.md', import.meta.url), 'utf8');
/** The doc's `### ` sections, by their heading line. */
const sections = doc.split(/^### /m).slice(1);
const sectionOf = (table: string) => sections.find((section) => section.split('\n', 1)[0]!.includes(`\`${table}\``));
const named = (name: string) => `\`${name}\``;

describe('docs/STORE-POSTGRES.md describes the PostgreSQL store as its migrations build it', () => {
  let location: string;
  const query = (sql: string) => queryStore({ dataDir: '', location }, sql);
  beforeAll(async () => {
    location = (await storeLocation('postgresql'))!;
    await (await openTestStore('postgresql', location)).close();
  });
  afterAll(stopTestPostgres);

  it('names the schema version it describes', () => {
    expect(doc).toContain(`${pgSchemaVersion} as this page is written`);
  });

  it('has a section for every table, naming each of its columns', async () => {
    const columns = await query(
      `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name IN (SELECT tablename FROM pg_tables WHERE schemaname = 'public')`,
    );
    const tables = new Set(columns.map((c) => c.table as string));
    expect(tables.size).toBeGreaterThan(5);
    for (const table of tables) expect(sectionOf(table), `a section for ${table}`).toBeDefined();
    for (const { table, column } of columns) expect(sectionOf(table as string), `${table}.${column}`).toContain(named(column as string));
  });

  it('names every index and the extension it needs', async () => {
    const indexes = await query("SELECT indexname FROM pg_indexes WHERE schemaname = 'public'");
    expect(indexes.length).toBeGreaterThan(15);
    for (const { indexname } of indexes) expect(doc, `index ${indexname}`).toContain(named(indexname as string));
    for (const { extname } of await query("SELECT extname FROM pg_extension WHERE extname <> 'plpgsql'")) {
      expect(doc, `extension ${extname}`).toContain(named(extname as string));
    }
  });
});
