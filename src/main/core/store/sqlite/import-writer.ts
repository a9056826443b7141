import type { ImportWriter } from '../common/import-writer';
import { bulkWriter } from './bulk-writer';
import { openStore } from './open';
import { builtWriterThreadFile } from './writer-thread/thread-file';
import { threadedBulkWriter } from './writer-thread/threaded-bulk-writer';

/**
 * A SQLite file (created when missing) through the bulk writer: a transaction per large chunk, stored on
 * the writer thread while the command reads the next, where the build has it.
 */
export function sqliteBulkWriter(file: string): ImportWriter {
  const db = openStore(file);
  const threadFile = builtWriterThreadFile();
  const writer = threadFile ? threadedBulkWriter(db, threadFile) : bulkWriter(db);
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
