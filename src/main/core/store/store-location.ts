import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { InspectorStore } from './common/inspector-store';
import { openPostgresStore, withoutPassword } from './postgres/postgres-store';
import { openSqliteStore } from './sqlite/sqlite-store';

/**
 * Where a command finds the inspector's store: the SQLite file of a data dir, or a PostgreSQL database (a team's)
 * when `url` is given. The data dir is still the command's own for what a store does not hold (the signing secret's
 * file, the redaction key, the default fixtures folder).
 */
export interface StoreLocation {
  dataDir: string;
  /** `postgresql://…`; undefined: the data dir's SQLite file. */
  url?: string;
}

/** The SQLite file a data dir keeps its store in. */
export function sqliteFileOf(dataDir: string): string {
  return join(dataDir, 'inspector.sqlite3');
}

/** The location fit to show in a message: the data dir, or the URL without its password. */
export function describeLocation(location: StoreLocation): string {
  return location.url === undefined ? location.dataDir : withoutPassword(location.url);
}

/**
 * The store a command reads and writes through (export, lifecycles, replay), on this thread with no background work.
 * A data dir's store must exist already; a PostgreSQL database is migrated on open, as `serve` does.
 */
export async function openStoreAt(location: StoreLocation, options: { log?: (line: string) => void } = {}): Promise<InspectorStore> {
  if (location.url !== undefined) return openPostgresStore(location.url, { log: options.log });
  const file = sqliteFileOf(location.dataDir);
  if (!existsSync(file)) throw new Error(`no store in ${location.dataDir}`);
  return openSqliteStore(file);
}

/** Runs `work` on the store at `location`, closing it after (whatever `work` did). */
export async function withStoreAt<T>(location: StoreLocation, work: (store: InspectorStore) => Promise<T>): Promise<T> {
  const store = await openStoreAt(location);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}
