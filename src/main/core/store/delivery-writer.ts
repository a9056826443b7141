import { deliveryQueries, insertValues } from './deliveries';
import type { DeliveryRecord } from './delivery-record';
import { derivedTables } from './derived-tables';
import { commitOnThisThread, GroupCommitWriter } from './group-commit';
import type { Db } from './open';
import { RecentParsedBodies } from './recent-parsed-bodies';
import { startRowWriter } from './row-writer';

export interface DeliveryWriterOptions {
  /** After each commit, with the newest stored id. */
  onCommitted?: (latestId: number) => void;
  /** Commit in a worker thread with its own connection (the receiver); false: on this thread (a command). */
  inWorker?: boolean;
  nativeBinding?: string;
  log?: (line: string) => void;
}

/**
 * Storing deliveries: each row in a group commit (a caller's promise settles once its row is
 * durable), then, after the commit, the duplicate groups and lifecycles the rows belong to.
 */
export function deliveryWriter(db: Db, options: DeliveryWriterOptions = {}) {
  const deliveries = deliveryQueries(db);
  const onThisThread = commitOnThisThread<DeliveryRecord>(db, (record) => deliveries.insert(record));
  const rowWriter = options.inWorker ? startRowWriter(db, options) : null;
  const parsedBodies = new RecentParsedBodies();
  const writer: GroupCommitWriter<DeliveryRecord> = new GroupCommitWriter<DeliveryRecord>({
    commit: (records) =>
      rowWriter && !rowWriter.stopped ? rowWriter.commit(records.map(insertValues)) : onThisThread(records),
    onCommitted(batch) {
      for (const { item, id } of batch) parsedBodies.rememberStored(id, item);
      derived.schedule();
      options.onCommitted?.(batch[batch.length - 1]!.id);
    },
    betweenBatches: () => derived.runIfDue(),
  });
  const derived = derivedTables(db, { parsedBodies, log: options.log, writer });
  return {
    enqueue: (record: DeliveryRecord) => writer.enqueue(record),
    /** Commits what is queued and stops the worker (on close). */
    async close(): Promise<void> {
      await writer.drain();
      await rowWriter?.close();
    },
    /** Commits what is queued (a command about to read back what it stored). */
    drain: () => writer.drain(),
    /** Whether a commit is under way, and when it is done: work beside it waits rather than block on its lock. */
    commits: { get busy() { return writer.busy; }, idle: () => writer.idle() },
    derived,
  };
}

export type DeliveryWriter = ReturnType<typeof deliveryWriter>;
