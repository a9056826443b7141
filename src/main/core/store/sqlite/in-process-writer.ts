import type { Db } from './db';
import type { StoreWriter, WriterCall, WriterHandlers } from './store-writer';
import { walSyncer } from './wal-sync';
import { storeWriterHandlers } from './writer-handlers';

/**
 * The store's writes on this thread's connection (a command, or a receiving core built without the writer
 * thread): each call runs at once, when it is made; its promise only carries the answer, or the failure.
 */
export function inProcessWriter(db: Db): StoreWriter {
  const handlers = storeWriterHandlers(db);
  const wal = walSyncer(db.name);
  // An async function: the call runs at once, and what it throws becomes the promise's rejection.
  const now =
    <C extends WriterCall>(call: C) =>
    async (...args: Parameters<WriterHandlers[C]>): Promise<ReturnType<WriterHandlers[C]>> =>
      (handlers[call] as (...a: typeof args) => ReturnType<WriterHandlers[C]>)(...args);
  return {
    insert: now('insert'),
    synced: wal.synced,
    beginBulkLoad: now('beginBulkLoad'),
    bulkStore: now('bulkStore'),
    endBulkLoad: now('endBulkLoad'),
    prune: now('prune'),
    reanalyze: now('reanalyze'),
    writeSettings: now('writeSettings'),
    insertReplay: now('insertReplay'),
    reconcile: now('reconcile'),
    step: now('step'),
    fillIndexesWhileIdle: now('fillIndexesWhileIdle'),
    catchUp: now('catchUp'),
    catchUpAll: now('catchUpAll'),
    indexSearchAll: now('indexSearchAll'),
    clear: now('clear'),
    isCurrent: now('isCurrent'),
    // The connection is its opener's to close.
    close: () => wal.close(),
  };
}
