import Database from 'better-sqlite3';
import type { Db } from './db';
import { attachDeliveryKeys } from './delivery-keys';
import { migrate } from './migrate';

export type { Db } from './db';

export interface OpenOptions {
  /** A better-sqlite3 binary built for this runtime (the desktop has its own). */
  nativeBinding?: string;
}

/** Settings of every connection to the store, the workers' included (each connection has its own). */
export const connectionPragmas: readonly string[] = [
  // Every write syncs its own commit, but for those that sync apart: the writer commits deliveries with NORMAL
  // and syncs the WAL before their 2xx (wal-sync.ts, relaxed-sync.ts).
  'synchronous = FULL',
  'foreign_keys = ON',
  'busy_timeout = 5000',
  // The trigger that counts deliveries makes each INSERT keep a statement journal (to undo the row if the
  // trigger failed); in a temporary file, as by default, it costs about 15 µs per row.
  'temp_store = MEMORY',
  // The WAL is reused, not truncated, after a checkpoint: a reader that held checkpoints back
  // (another tool with the store open) would otherwise leave it at its largest until close.
  `journal_size_limit = ${64 * 2 ** 20}`,
];

/**
 * The page size of a new store (an existing one keeps its own). Every commit writes each page it changes whole, to
 * the WAL and again when checkpointed: 2048-byte pages write 18 % fewer bytes per delivery (bench/store-bytes.ts),
 * but most rows (≈ 2.5 KB) then spill onto overflow pages, and at 1,000,000 deliveries every read of whole rows
 * slowed (a body-by-body search 2.3×, the duplicate groups' page past its goal): bench/HISTORY.md, issue 27.
 */
export const newStorePageSize = 4096;

/**
 * Opens (creating if needed) the store with the pragmas durability depends on, migrates it, and attaches its keys
 * file (delivery-keys.ts), created or mended from the deliveries.
 */
export function openStore(file: string, options: OpenOptions = {}): Db {
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  try {
    // Takes effect only on an empty file, before the first write (journal_mode = WAL writes the header).
    db.pragma(`page_size = ${newStorePageSize}`);
    db.pragma('journal_mode = WAL');
    for (const pragma of connectionPragmas) db.pragma(pragma);
    migrate(db);
    attachDeliveryKeys(db, { writes: true, create: true });
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
