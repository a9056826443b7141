/**
 * The store's one door: opens the inspector's store from where it lives (a data dir's SQLite file, or a PostgreSQL
 * database given as `postgresql://…`) for what the caller does with it. The only code that picks an engine.
 *
 * May import: store/common, store/sqlite, store/postgres, src/shared, and what a store URL is from
 * @webhook-inspector/command-line. Code outside store/ imports this file and the door's interfaces beside it
 * (reader.ts, writer.ts, inspector-store.ts) only: common/, sqlite/ and postgres/ are the store's own
 * (lint/rooms.mjs says so).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { storeWriter, type ImportWriter } from './import-writer';
import type { InspectorStore } from './inspector-store';
import { connectPool } from './postgres/connect';
import { isPostgresUrl } from '@webhook-inspector/command-line';
import { openPostgresStore, withoutPassword } from './postgres/postgres-store';
import { migrateInspectorSchema } from './postgres/schema';
import { sqliteBulkWriter } from './sqlite/import-writer';
import { openSqliteStore } from './sqlite/sqlite-store';
import { humanLogger, type Logger } from '../logger';

export { isPostgresUrl, withoutPassword };
export type { ImportWriter };
/** What the door gives besides the store: its refusal of a bad value, the created orders kept in its settings, retention's test. */
export { BadStoreInput, StoreUnavailable } from './common/store-errors';
export { createdOrders } from './common/created-orders';
export { limitsSet } from './common/pruning';

/**
 * Where the inspector's store is: the SQLite file of a data dir, or a PostgreSQL database (a team's) when `url` is
 * given. The data dir is still the caller's own for what a store does not hold (the signing secret's file, the
 * redaction key, the default fixtures folder).
 */
export interface StoreLocation {
  dataDir: string;
  /** `postgresql://…`; undefined: the data dir's SQLite file. */
  url?: string;
}

/** What the store is opened for. */
export type StoreRole =
  /**
   * The receiving app (desktop, `serve`): background work, and on SQLite the writer thread commits deliveries and
   * another checkpoints the WAL, so fsyncs never stall the event loop that answers senders.
   */
  | {
      role: 'receiver';
      /** A better-sqlite3 binary built for this runtime (the desktop has its own). */
      nativeBinding?: string;
      /** The built writer thread, when not beside this bundle (tests run the core from its sources); null: none. */
      writerThreadFile?: string | null;
      /** The PostgreSQL store's built writer thread, likewise. */
      postgresWriterFile?: string | null;
      log: Logger;
    }
  /** A command (export, lifecycles, replay): this thread, no background work; a data dir's store must exist already. */
  | { role: 'command'; log?: Logger };

/** The SQLite file a data dir keeps its store in. */
export function sqliteFileOf(dataDir: string): string {
  return join(dataDir, 'inspector.sqlite3');
}

/** The location fit to show in a message: the SQLite file or data dir, or the URL without its password. */
export function describeLocation(location: StoreLocation, what: 'file' | 'dir' = 'dir'): string {
  if (location.url !== undefined) return withoutPassword(location.url);
  return what === 'file' ? sqliteFileOf(location.dataDir) : location.dataDir;
}

/** Opens the store at `location` for `role`. A PostgreSQL database is migrated on open, whatever the role. */
export async function openStore(location: StoreLocation, role: StoreRole): Promise<InspectorStore> {
  if (location.url !== undefined) {
    const receiving = role.role === 'receiver';
    return openPostgresStore(location.url, { log: role.log, background: receiving, writerThreadFile: receiving ? role.postgresWriterFile : null });
  }
  const file = sqliteFileOf(location.dataDir);
  if (role.role === 'command') {
    if (!existsSync(file)) throw new Error(`no store in ${location.dataDir}`);
    return openSqliteStore(file);
  }
  mkdirSync(location.dataDir, { recursive: true, mode: 0o700 });
  return openSqliteStore(file, { nativeBinding: role.nativeBinding, background: true, writerThreadFile: role.writerThreadFile, log: role.log });
}

/** Runs `work` on the store at `location`, opened for a command, closing it after (whatever `work` did). */
export async function withStoreAt<T>(location: StoreLocation, work: (store: InspectorStore) => Promise<T>): Promise<T> {
  const store = await openStore(location, { role: 'command' });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/**
 * The bulk import's writer at `location`: the store's own writer on PostgreSQL (what a team server shows at once),
 * the bulk writer on SQLite (created when missing; a transaction per large chunk).
 */
export async function openImportWriter(location: StoreLocation): Promise<ImportWriter> {
  if (location.url !== undefined) return storeWriter(await openStore(location, { role: 'command' }));
  mkdirSync(location.dataDir, { recursive: true, mode: 0o700 });
  return sqliteBulkWriter(sqliteFileOf(location.dataDir));
}

/**
 * A team server's database, for what it keeps beside the deliveries (users, the audit log): a pool of connections.
 * A running server's store migrated it on open; a command migrates it first (`migrateTeamDatabase`).
 */
export function connectTeamDatabase(url: string, log: (line: string) => void): pg.Pool {
  return connectPool(url, humanLogger(log));
}

export { migrateInspectorSchema as migrateTeamDatabase };
