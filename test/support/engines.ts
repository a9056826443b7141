import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe } from 'vitest';
import type { InspectorStore } from '../../src/main/core/store/inspector-store';
import { openPostgresStore } from '../../src/main/core/store/postgres/postgres-store';
import { numbered } from '../../src/main/core/store/postgres/sql';
import { openSqliteStore } from '../../src/main/core/store/sqlite/sqlite-store';
import { startTestPostgres, type TestPostgres } from './postgres';
import { tempDataDir } from './temp-dir';

export type EngineName = 'sqlite' | 'postgresql';
export const engines: readonly EngineName[] = ['sqlite', 'postgresql'];

let cluster: Promise<TestPostgres> | null = null;
let databases = 0;

/** The test file's PostgreSQL cluster, started on first use. */
export function testPostgres(): Promise<TestPostgres> {
  cluster ??= startTestPostgres();
  return cluster;
}

/** Where a test's store lives: undefined for SQLite (the file in the data dir), else a fresh PostgreSQL database. */
export async function storeLocation(engine: EngineName): Promise<string | undefined> {
  if (engine === 'sqlite') return undefined;
  return (await testPostgres()).createDatabase(`inspector_${++databases}`);
}

/** A fresh, empty store of the engine, as a command opens it (no worker threads). */
export async function openTestStore(engine: EngineName, location?: string): Promise<InspectorStore> {
  if (engine === 'sqlite') return openSqliteStore(location ?? join(tempDataDir(), 'inspector.sqlite3'));
  return openPostgresStore(location ?? (await storeLocation(engine))!);
}

/**
 * `describe` once per engine; the PostgreSQL cluster (initdb in a temp dir, a 127.0.0.1 port) starts when a
 * test first needs it and stops after the file.
 */
export function describeEachEngine(name: string, body: (engine: EngineName) => void): void {
  afterAll(stopTestPostgres);
  describe.each(engines)(`${name} (%s)`, body);
}

/** Stops the file's cluster, if it started (in an afterAll of a file that opens stores itself). */
export async function stopTestPostgres(): Promise<void> {
  const started = cluster;
  cluster = null;
  await (await started)?.stop();
}

/**
 * A statement run with a connection of the test's own, as someone looking into the store would (its rows, if any): the SQLite file in
 * `dataDir`, or the PostgreSQL database at `location`; `?` binds a value on either.
 */
export async function queryStore(
  store: { dataDir: string; location: string | undefined },
  sql: string,
  params: unknown[] = [],
): Promise<Array<Record<string, unknown>>> {
  if (store.location === undefined) {
    const db = new Database(join(store.dataDir, 'inspector.sqlite3'));
    try {
      const statement = db.prepare(sql);
      if (!statement.reader) {
        statement.run(...params);
        return [];
      }
      return statement.all(...params) as Array<Record<string, unknown>>;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: store.location });
  await client.connect();
  try {
    return (await client.query(numbered(sql), params)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
}
