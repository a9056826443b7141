import type { RetentionLimits } from '../../../shared/retention';
import { analysedRecord } from '../delivery-record/build-record';
import { deliveryQueries, insertValues } from './deliveries';
import { isAnalysed, type IncomingDelivery } from '../delivery-record/delivery-record';
import { deriveScheduler, derivedTables, type DerivationRunner } from './derived-tables';
import { commitOnThisThread, GroupCommitWriter } from '@webhook-inspector/capture';
import type { Db } from './open';
import { RecentParsedBodies } from './recent-parsed-bodies';
import type { ReanalyzedBatch } from './reanalyze';
import { replayQueries, type ReplayDraft } from './replays';
import { settingChangesWriter, type SettingChange } from './settings';
import type { ReplayRecord } from '../../../shared/replay';
import { startWriterThread, type WriterThread } from './writer-thread/client';
import type { WriterItem } from './writer-thread/handlers';

export interface DeliveryWriterOptions {
  /** After each commit, with the newest stored id. */
  onCommitted?: (latestId: number) => void;
  /**
   * The built writer thread (writer-thread/thread-file.ts), for a receiver: analysis, commits and derivation
   * then run there, off the event loop that answers deliveries. Absent (a command): all on this thread.
   */
  threadFile?: string | null;
  nativeBinding?: string;
  log?: (line: string) => void;
}

function writerItem(delivery: IncomingDelivery): WriterItem {
  return isAnalysed(delivery) ? { values: insertValues(delivery) } : { captured: delivery };
}

function startThread(db: Db, options: DeliveryWriterOptions): WriterThread | null {
  if (!options.threadFile) return null;
  try {
    return startWriterThread(db.name, { threadFile: options.threadFile, nativeBinding: options.nativeBinding, log: options.log });
  } catch (error) {
    options.log?.(`store: deliveries are written on the main thread (${(error as Error).message})`);
    return null;
  }
}

/**
 * Storing deliveries: each row in a group commit (a caller's promise settles once its row is durable), then,
 * after the commit, the duplicate groups and lifecycles the rows belong to. With a writer thread, a captured
 * delivery is analysed there too, before its insert; without one (or once it has stopped), all of it runs here.
 */
export function deliveryWriter(db: Db, options: DeliveryWriterOptions = {}) {
  const deliveries = deliveryQueries(db);
  const parsedBodies = new RecentParsedBodies();
  // This connection's own writes, for when no thread runs them.
  const here = { writeSettings: settingChangesWriter(db), replays: replayQueries(db) };
  const onThisThread = commitOnThisThread<IncomingDelivery>(db, (delivery) => {
    const record = analysedRecord(delivery);
    const id = deliveries.insert(record);
    parsedBodies.rememberStored(id, record);
    return id;
  });
  const thread = startThread(db, options);
  const writer: GroupCommitWriter<IncomingDelivery> = new GroupCommitWriter<IncomingDelivery>({
    commit: (items) => (thread && !thread.stopped ? thread.insert(items.map(writerItem)) : onThisThread(items)),
    onCommitted(batch) {
      derived.schedule();
      options.onCommitted?.(batch[batch.length - 1]!.id);
    },
    betweenBatches: () => derived.runIfDue(),
  });
  const local = derivedTables(db, { parsedBodies, log: options.log, writer });
  // The thread's calls run in order: a step never needs to wait for a batch, so none is put off.
  const remote = thread ? deriveScheduler(threadRunner(thread, local), { log: options.log }) : null;
  const derived = remote ?? local;
  const commits = thread ? thread : writer;
  return {
    enqueue: (delivery: IncomingDelivery) => writer.enqueue(delivery),
    /** Commits what is queued and stops the thread (on close). */
    async close(): Promise<void> {
      await writer.drain();
      await thread?.close();
    },
    /** Commits what is queued (a command about to read back what it stored). */
    drain: () => writer.drain(),
    /** Retention's pruning on the writer thread, while it runs; null: on this thread (sqlite-pruner.ts). */
    prune: thread
      ? (limits: RetentionLimits, maxRows: number, now: number): Promise<number> | null => (thread.stopped ? null : thread.prune(limits, maxRows, now))
      : null,
    /** Settings changes on the writer thread, while it runs; null: none (a command writes them on its connection). */
    writeSettings: thread
      ? (changes: SettingChange[]): Promise<void> => (thread.stopped ? Promise.resolve(here.writeSettings(changes)) : thread.writeSettings(changes))
      : null,
    /** A replay's row, written on the writer thread while it runs, else here. */
    insertReplay: (draft: ReplayDraft): Promise<ReplayRecord> | ReplayRecord =>
      thread && !thread.stopped ? thread.insertReplay(draft) : here.replays.insert(draft),
    /** A re-analysis's batches on the writer thread, while it runs; null: on this thread (reanalyze.ts). */
    reanalyze: thread
      ? (secret: string | null, afterId: number, maxRows: number): Promise<ReanalyzedBatch> | null =>
          thread.stopped ? null : thread.reanalyze(secret, afterId, maxRows)
      : null,
    /** Whether the store's other writer is at work, and when it is done: writes on this connection wait rather than block on its lock. */
    commits: { get busy() { return commits.busy; }, idle: () => commits.idle() },
    derived: {
      schedule: () => derived.schedule(),
      catchUpForRead: () => derived.catchUpForRead(),
      /** Derives everything pending; without a thread, done when this returns. */
      catchUpAll: async (): Promise<void> => void (await derived.catchUpAll()),
      rebuild: async (): Promise<void> => void (await derived.rebuild()),
      isCurrent: async (): Promise<boolean> => derived.isCurrent(),
      failure: () => derived.failure(),
      onFailureChange: (listener: () => void) => derived.onFailureChange(listener),
      /** Indexes every body not yet in the search index: for a writer without a thread (a command, a test). */
      indexSearchAll: () => local.steps.indexSearchAll(),
    },
  };
}

/** The derivation steps on the writer thread, or here once it has stopped. */
function threadRunner(thread: WriterThread, local: ReturnType<typeof derivedTables>): DerivationRunner {
  const here = local.steps;
  return {
    step: () => (thread.stopped ? here.step() : thread.step()),
    catchUp: (maxRows) => (thread.stopped ? here.catchUp(maxRows) : thread.catchUp(maxRows)),
    catchUpAll: () => (thread.stopped ? here.catchUpAll() : thread.catchUpAll()),
    clear: () => (thread.stopped ? here.clear() : thread.clear()),
    isCurrent: () => (thread.stopped ? here.isCurrent() : thread.isCurrent()),
  };
}

export type DeliveryWriter = ReturnType<typeof deliveryWriter>;
