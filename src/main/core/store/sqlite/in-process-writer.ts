import type { Db } from './db';
import type { SqliteWriter } from './sqlite-writer';
import { walSyncer } from './wal-sync';
import { writerCallsThrough } from './writer-calls';
import { storeWriterHandlers } from './writer-handlers';

/**
 * The store's writes on this thread's connection (a command, or a receiving core built without the writer
 * thread): each call runs at once, when it is made; its promise only carries the answer, or the failure.
 */
export function inProcessWriter(db: Db): SqliteWriter {
  const handlers = storeWriterHandlers(db) as Record<string, (...args: unknown[]) => unknown>;
  const wal = walSyncer(db.name);
  return writerCallsThrough(
    {
      synced: wal.synced,
      // The connection is its opener's to close.
      close: () => wal.close(),
    },
    // An async function: the call runs at once, and what it throws becomes the promise's rejection.
    async (call, args) => handlers[call]!(...args),
  );
}
