import { deliveryQueries } from './deliveries';
import type { DeliveryRecord } from './delivery-record';
import { duplicateGroupQueries } from './duplicate-groups';
import type { GroupCommitSteps } from './group-commit';
import { lifecycleQueries } from './lifecycles';
import type { Db } from './open';

/** Storing a delivery: its row, its duplicate group, and (once per batch) the lifecycles it touched. */
export function deliveryWriteSteps(db: Db): Omit<GroupCommitSteps<DeliveryRecord>, 'onCommitted'> {
  const deliveries = deliveryQueries(db);
  const groups = duplicateGroupQueries(db);
  const lifecycles = lifecycleQueries(db);
  const touched = new Set<string>();
  return {
    write(record) {
      const id = deliveries.insert(record);
      const { idempotencyKey, lifecycle } = record.analysis;
      if (idempotencyKey !== null) {
        groups.add(idempotencyKey, {
          id,
          receivedAt: record.facts.receivedAt,
          bodySha256: record.bodySha256,
          deliveryId: record.analysis.deliveryId,
        });
      }
      if (lifecycle.lifecycleKey !== null) touched.add(lifecycle.lifecycleKey);
      return id;
    },
    finishBatch() {
      try {
        for (const key of touched) lifecycles.refresh(key);
      } finally {
        touched.clear();
      }
    },
  };
}
