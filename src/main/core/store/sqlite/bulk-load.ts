import { closeSync, existsSync, fsyncSync, openSync } from 'node:fs';
import { deliveryKeysFile } from './delivery-keys';

/**
 * A bulk load's settings (an import through the writer's beginBulkLoad, bulkStore and endBulkLoad: bulk-writer.ts).
 * Deliveries per transaction: each B-tree page a chunk touches is then written once for thousands of rows.
 */
export const bulkChunkRows = 5_000;
/** Page cache for the load (KiB): holds the indexes' pages a chunk touches. */
export const bulkCacheKib = 64 * 1024;

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
