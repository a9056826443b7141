import { closeSync, existsSync, fsyncSync, openSync } from 'node:fs';
import type { DeliveryRecord } from '../../delivery-record/delivery-record';
import { deliveryKeysFile } from './delivery-keys';
import type { StoreWriter } from './store-writer';

/** Deliveries per transaction: each B-tree page a chunk touches is then written once for thousands of rows. */
export const bulkChunkRows = 5_000;
/** Page cache for the load (KiB): holds the indexes' pages a chunk touches. */
export const bulkCacheKib = 64 * 1024;

/**
 * Storing many deliveries from a command (an import, no receiver waiting on each row), through the store's writer
 * in a bulk load: a transaction per chunk, committed without an fsync of its own (synchronous=NORMAL), then the
 * chunk's duplicate groups, lifecycles and search index derived in transactions as large, with the bodies analysis
 * just parsed. On a writer thread a chunk is stored while the caller reads the next. `finish` makes everything
 * durable before the command reports success; a crash before it loses at most the chunks not yet synced, never
 * the store's consistency (WAL).
 */
export function bulkWriter(writer: StoreWriter, chunkRows = bulkChunkRows) {
  const begun = writer.beginBulkLoad();
  // Its failure is the first chunk's, and finish's.
  begun.catch(() => {});
  return {
    chunkRows,
    /** The next chunk may be read while this one is stored. */
    overlapped: true,
    /** Settles once the chunk is stored, with the rows' ids. */
    store: (records: DeliveryRecord[]): Promise<number[]> => writer.bulkStore(records),
    /** Waits for the chunks under way, syncs what they wrote, restores the connection's settings and stops the writer. */
    async finish(): Promise<void> {
      try {
        await begun;
        await writer.endBulkLoad();
      } finally {
        await writer.close();
      }
    },
  };
}

export type BulkWriter = ReturnType<typeof bulkWriter>;

/** Syncs a store's database file, its keys file and their WALs: what transactions committed without their own fsync wrote. */
export function syncStoreFiles(file: string): void {
  const keys = deliveryKeysFile(file);
  for (const path of [file, `${file}-wal`, keys, `${keys}-wal`]) {
    if (!existsSync(path)) continue;
    const fd = openSync(path, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}
