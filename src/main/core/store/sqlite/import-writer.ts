import type { ImportWriter } from '../import-writer';
import { bulkWriter } from './bulk-writer';
import { openStore } from './open';
import { openStoreWriter } from './open-writer';
import { builtWriterThreadFile } from './writer-thread/thread-file';

/**
 * A SQLite file (created when missing) through the bulk writer: a transaction per large chunk, stored on
 * the writer thread while the command reads the next, where the build has it.
 */
export function sqliteBulkWriter(file: string): ImportWriter {
  const db = openStore(file);
  const writer = bulkWriter(openStoreWriter(db, { threadFile: builtWriterThreadFile() }));
  return {
    chunkRows: writer.chunkRows,
    overlapped: writer.overlapped,
    store: (records) => writer.store(records),
    async finish() {
      try {
        await writer.finish();
      } finally {
        db.close();
      }
    },
  };
}
