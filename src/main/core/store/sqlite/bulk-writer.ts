import { closeSync, existsSync, fsyncSync, openSync } from 'node:fs';
import { deliveryQueries } from './deliveries';
import type { DeliveryRecord } from '../../delivery-record/delivery-record';
import { derivedTables } from './derived-tables';
import type { Db } from './db';
import { RecentParsedBodies } from '../common/recent-parsed-bodies';

/** Deliveries per transaction: each B-tree page a chunk touches is then written once for thousands of rows. */
export const bulkChunkRows = 5_000;
/** Page cache for the load (KiB): holds the indexes' pages a chunk touches. */
export const bulkCacheKib = 64 * 1024;

/**
 * Storing many deliveries from a command (an import, no receiver waiting on each row): a transaction per
 * chunk on this thread, committed without an fsync of its own (synchronous=NORMAL), then the chunk's
 * duplicate groups, lifecycles and search index derived in transactions as large, with the bodies
 * analysis just parsed. `finish` makes everything durable before the command reports success; a crash
 * before it loses at most the chunks not yet synced, never the store's consistency (WAL).
 */
export function bulkWriter(db: Db, chunkRows = bulkChunkRows) {
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('synchronous = NORMAL');
  db.pragma(`cache_size = -${bulkCacheKib}`);
  const deliveries = deliveryQueries(db);
  // The chunk's own bodies: members from earlier chunks are parsed again (as fast, measured, for less memory).
  const parsedBodies = new RecentParsedBodies(chunkRows);
  const derived = derivedTables(db, { parsedBodies, batchRows: chunkRows });
  const insertAll = db.transaction((records: DeliveryRecord[]) => records.map((record) => deliveries.insert(record)));

  return {
    chunkRows,
    /** The caller waits for each chunk to be stored before reading the next. */
    overlapped: false,
    /** Stores a chunk in one transaction and derives what it adds; returns the rows' ids. */
    store(records: DeliveryRecord[]): number[] {
      const ids = insertAll(records);
      // Only once committed: a rolled-back chunk's ids are given to the next rows.
      records.forEach((record, i) => parsedBodies.rememberStored(ids[i]!, record));
      derived.catchUpAll();
      derived.indexSearchAll();
      return ids;
    },
    /** Syncs what the chunks wrote (the WAL, and the database its checkpoints copied into) and restores the settings. */
    finish(): void {
      db.pragma(`synchronous = ${synchronous}`);
      db.pragma(`cache_size = ${cacheSize}`);
      syncStoreFiles(db.name);
    },
  };
}

/** Syncs a store's database file and its WAL: what transactions committed without their own fsync wrote. */
export function syncStoreFiles(file: string): void {
  for (const path of [file, `${file}-wal`]) {
    if (!existsSync(path)) continue;
    const fd = openSync(path, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}

export type BulkWriter = ReturnType<typeof bulkWriter>;
