import { deliveryQueries } from './deliveries';
import type { DeliveryRecord } from './delivery-record';
import { derivedTables } from './derived-tables';
import { GroupCommitWriter } from './group-commit';
import type { Db } from './open';
import { RecentParsedBodies } from './recent-parsed-bodies';

export interface DeliveryWriterOptions {
  /** After each commit, with the newest stored id. */
  onCommitted?: (latestId: number) => void;
  log?: (line: string) => void;
}

/**
 * Storing deliveries: each row in a group commit (a caller's promise settles once its row is
 * durable), then, after the commit, the duplicate groups and lifecycles the rows belong to.
 */
export function deliveryWriter(db: Db, options: DeliveryWriterOptions = {}) {
  const deliveries = deliveryQueries(db);
  const parsedBodies = new RecentParsedBodies();
  const derived = derivedTables(db, parsedBodies, options.log);
  const writer = new GroupCommitWriter<DeliveryRecord>(db, {
    write: (record) => deliveries.insert(record),
    onCommitted(batch) {
      for (const { item, id } of batch) {
        if (item.parsedBody && item.analysis.lifecycle.lifecycleKey !== null) parsedBodies.remember(id, item.parsedBody);
      }
      derived.schedule();
      options.onCommitted?.(batch[batch.length - 1]!.id);
    },
  });
  return {
    enqueue: (record: DeliveryRecord) => writer.enqueue(record),
    /** Commits what is queued now (on close). */
    flush: () => writer.flush(),
    derived,
  };
}

export type DeliveryWriter = ReturnType<typeof deliveryWriter>;
