import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import type { InspectorStore } from '../../src/main/core/store/inspector-store';
import { openPostgresStore } from '../../src/main/core/store/postgres/postgres-store';
import { openSqliteStore } from '../../src/main/core/store/sqlite-store';
import { startTestPostgres, type TestPostgres } from './postgres';
import { tempDataDir } from './temp-dir';

export type EngineName = 'sqlite' | 'postgresql';
export const engines: readonly EngineName[] = ['sqlite', 'postgresql'];

let cluster: Promise<TestPostgres> | null = null;
let databases = 0;

/** The test file's PostgreSQL cluster, started on first use. */
function testPostgres(): Promise<TestPostgres> {
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
