import type { RetentionLimits } from '../../../../shared/retention';
import type { ReplayRecord } from '../../../../shared/replay';
import type { IncomingDelivery } from '../../delivery-record/delivery-record';
import type { ReplayDraft } from '../common/replay-rows';
import type { StepOutcome } from './derived-tables';
import type { ReanalyzedBatch } from './reanalyze';
import type { SettingChange } from './settings';
import type { ReconcileWrite } from './reconcile-records';

/**
 * A delivery for the writer: as the store was given it (captured ones are analysed by the writer), or its row
 * made already (how a record analysed on another thread is posted to the writer's: cheaper to copy than the record).
 */
export type WriterItem = IncomingDelivery | { row: unknown[] };

/**
 * Every write of a SQLite store, on the one connection that writes: so that the store's own writers never wait
 * for each other's lock. Two implementations share one set of handlers (writer-handlers.ts): on this thread
 * (in-process-writer.ts) or on a worker thread with its own connection (writer-thread/); which one is chosen
 * once, when the store is opened (open-writer.ts). Calls run in the order they are made.
 *
 * SQLite's own: a PostgreSQL store writes through a pool of server connections, where the server does the
 * fsyncs and several inspectors may write at once, so it has no such choice to make.
 */
export interface StoreWriter {
  /**
   * Analyses what needs it and inserts the batch in one transaction; the ids in order. The commit does not sync
   * (synchronous=NORMAL): the rows are durable once `synced()`, called after it, settles.
   */
  insert(items: WriterItem[]): Promise<number[]>;
  /**
   * Settles once every transaction committed before the call is on disk: an fdatasync of the WAL (wal-sync.ts),
   * on libuv's thread pool, while the writer goes on with the next batch.
   */
  synced(): Promise<void>;

  /** A bulk load (an import): the connection without fsyncs of its own and with a large page cache, until its end. */
  beginBulkLoad(): Promise<void>;
  /** A bulk load's chunk in one transaction, then everything it adds derived and indexed; the ids in order. */
  bulkStore(items: WriterItem[]): Promise<number[]>;
  /** Restores the connection's settings and syncs what the load wrote (the WAL, and the database file). */
  endBulkLoad(): Promise<void>;

  /** Removes up to `maxRows` of the oldest deliveries past the limits in one transaction; how many. */
  prune(limits: RetentionLimits, maxRows: number, now: number): Promise<number>;
  /** Re-analyses up to `maxRows` deliveries after `afterId` with `secret`, in one transaction. */
  reanalyze(secret: string | null, afterId: number, maxRows: number): Promise<ReanalyzedBatch>;
  writeSettings(changes: SettingChange[]): Promise<void>;
  insertReplay(draft: ReplayDraft): Promise<ReplayRecord>;
  /** Reconcile's records: a runtime span opened (its id), seen or closed, or a run kept. */
  reconcile(write: ReconcileWrite): Promise<number | null>;

  /** The derivation (derived-tables.ts), a step at a time: whether a backlog is left, and why it failed. */
  step(): Promise<StepOutcome>;
  /** In a pause between deliveries: one large transaction of the filters' table and of the search index; whether more are pending. */
  fillIndexesWhileIdle(): Promise<StepOutcome>;
  /** Derives up to `maxRows` pending rows now; why it failed, or null. */
  catchUp(maxRows: number): Promise<string | null>;
  /** Derives everything pending; true once none is left. */
  catchUpAll(): Promise<boolean>;
  /** Indexes every body not yet in the search index. */
  indexSearchAll(): Promise<void>;
  /** Empties the derived tables to derive them again (the first rows again at once, so a reader never finds them empty). */
  clear(): Promise<void>;
  isCurrent(): Promise<boolean>;

  /** Waits for the calls under way and stops the writer (the connection stays its opener's). */
  close(): Promise<void>;
}

/** The writes, by name: what a worker thread is asked to run (the WAL's sync runs where it is asked for). */
export type WriterCall = Exclude<keyof StoreWriter, 'close' | 'synced'>;

/** The writes as they run on the writer's connection: each answers at once. */
export type WriterHandlers = {
  [C in WriterCall]: (...args: Parameters<StoreWriter[C]>) => Awaited<ReturnType<StoreWriter[C]>>;
};
