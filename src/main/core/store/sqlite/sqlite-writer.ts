import type { WriterCalls } from './writer-calls';

/**
 * Every write of a SQLite store, on the one connection that writes: so that the store's own writers never wait
 * for each other's lock. The writes are one handler map (writer-handlers.ts), called through one generic proxy
 * (writer-calls.ts) wherever they run: on this thread (in-process-writer.ts) or on a worker thread with its own
 * connection (writer-thread/); which one is chosen once, when the store is opened (open-writer.ts). Calls run in
 * the order they are made. A new write is one entry in the handler map.
 *
 * SQLite's own: a PostgreSQL store writes through a pool of server connections, where the server does the
 * fsyncs and several inspectors may write at once, so it has no such choice to make.
 */
export type SqliteWriter = WriterCalls & {
  /**
   * Settles once every transaction committed before the call is on disk: an fdatasync of the WAL (wal-sync.ts),
   * on libuv's thread pool, while the writer goes on with the next batch.
   */
  synced(): Promise<void>;
  /** Waits for the calls under way and stops the writer (the connection stays its opener's). */
  close(): Promise<void>;
};
