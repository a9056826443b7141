import { GroupCommitWriter } from '@webhook-inspector/group-commit';
import type { IncomingDelivery } from '../../delivery-record/delivery-record';
import { deriveScheduler } from './derive-scheduler';
import type { SqliteWriter } from './sqlite-writer';
import type { Logger } from '../../logger';

export interface DeliveryWriterOptions {
  /** After each commit, with the newest stored id. */
  onCommitted?: (latestId: number) => void;
  log?: Logger;
}

/**
 * Storing deliveries through the store's writer (sqlite-writer.ts), wherever it runs: each row in a group commit
 * (a caller's promise settles once its row is durable: committed, then the WAL synced while the next batch
 * commits), then, after the commit, the duplicate groups and
 * lifecycles the rows belong to, derived in steps the writer runs between its commits.
 */
export function deliveryWriter(writer: SqliteWriter, options: DeliveryWriterOptions = {}) {
  const commits = new GroupCommitWriter<IncomingDelivery>({
    commit: (deliveries) => writer.insert(deliveries),
    durable: () => writer.synced(),
    onCommitted(batch) {
      derived.schedule();
      options.onCommitted?.(batch[batch.length - 1]!.id);
    },
  });
  // The writer's calls run in order: a step never needs to wait for a batch, so none is put off.
  const derived = deriveScheduler(writer, { log: options.log });
  return {
    enqueue: (delivery: IncomingDelivery) => commits.enqueue(delivery),
    /** Commits what is queued (a command about to read back what it stored). */
    drain: () => commits.drain(),
    /** Commits what is queued and stops the writer (on close). */
    async close(): Promise<void> {
      await commits.drain();
      await writer.close();
    },
    derived: {
      ...derived,
      /** Indexes every body not yet in the search index (a command about to search a whole store). */
      indexSearchAll: () => writer.indexSearchAll(),
    },
  };
}

export type DeliveryWriter = ReturnType<typeof deliveryWriter>;
