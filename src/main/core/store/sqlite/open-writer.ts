import type { Db } from './db';
import { inProcessWriter } from './in-process-writer';
import type { SqliteWriter } from './sqlite-writer';
import { supervisedWriterThread } from './writer-thread/supervised-thread';
import type { Logger } from '../../logger';

export interface SqliteWriterOptions {
  /** The built writer thread (writer-thread/thread-file.ts); null: the writes run on this thread. */
  threadFile: string | null;
  nativeBinding?: string;
  log?: Logger;
}

/**
 * Where a SQLite store's writes run, chosen once, as it opens: on a writer thread of their own when it is given
 * (a receiving core, so that analysis, commits and their fsyncs never stall the event loop that answers senders;
 * an import, so that a chunk is stored while the next is read), else on this thread's connection. A thread that
 * cannot be started at all leaves the writes here, said in the log; one that dies later is restarted once, then
 * refuses writes (writer-thread/supervised-thread.ts): they never move to this thread halfway.
 */
export function openStoreWriter(db: Db, options: SqliteWriterOptions): SqliteWriter {
  if (options.threadFile === null) return inProcessWriter(db);
  try {
    return supervisedWriterThread(db.name, { threadFile: options.threadFile, nativeBinding: options.nativeBinding, log: options.log });
  } catch (error) {
    options.log?.warn(`store: deliveries are written on the main thread (${(error as Error).message})`);
    return inProcessWriter(db);
  }
}
