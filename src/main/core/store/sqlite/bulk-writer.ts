import type { DeliveryRecord } from '../../delivery-record/delivery-record';
import { bulkChunkRows } from './bulk-load';
import type { SqliteWriter } from './sqlite-writer';

export { bulkChunkRows };

/**
 * Storing many deliveries from a command (an import, no receiver waiting on each row), through the store's writer
 * in a bulk load: a transaction per chunk, committed without an fsync of its own (synchronous=NORMAL), then the
 * chunk's duplicate groups, lifecycles and search index derived in transactions as large, with the bodies analysis
 * just parsed. On a writer thread a chunk is stored while the caller reads the next. `finish` makes everything
 * durable before the command reports success; a crash before it loses at most the chunks not yet synced, never
 * the store's consistency (WAL).
 */
export function bulkWriter(writer: SqliteWriter, chunkRows = bulkChunkRows) {
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
