import { bulkChunkRows, syncStoreFiles } from '../bulk-writer';
import { insertValues } from '../../common/delivery-columns';
import type { DeliveryRecord } from '../../../delivery-record/delivery-record';
import type { Db } from '../db';
import { startWriterThread } from './client';

/**
 * The bulk writer (bulk-writer.ts) with its storing on the writer thread, each chunk in one transaction as
 * before: the caller reads, checks and analyses the next chunk while the thread stores, derives and indexes this
 * one (`overlapped`). `finish` waits for what is under way and syncs what the chunks wrote, before the command
 * reports success.
 */
export function threadedBulkWriter(db: Db, threadFile: string, options: { nativeBinding?: string; log?: (line: string) => void } = {}) {
  const thread = startWriterThread(db.name, { threadFile, nativeBinding: options.nativeBinding, log: options.log });
  return {
    chunkRows: bulkChunkRows,
    overlapped: true,
    /** Settles once the chunk is stored. */
    store: (records: DeliveryRecord[]): Promise<number[]> => thread.bulkStore(records.map((record) => ({ values: insertValues(record) }))),
    async finish(): Promise<void> {
      try {
        await thread.idle();
      } finally {
        await thread.close();
        syncStoreFiles(db.name);
      }
    },
  };
}
