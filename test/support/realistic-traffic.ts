import { benchSecret, generateDeliveries } from '../../bench/generate';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import { bulkWriter } from '../../src/main/core/store/sqlite/bulk-writer';
import type { DeliveryRecord } from '../../src/main/core/delivery-record/delivery-record';
import type { Db } from '../../src/main/core/store/sqlite/open';

/** The benchmark's realistic traffic (orders of many recipients, duplicates, reordering, faults), analyzed. */
export function analyzedTraffic(count: number, seed: number): DeliveryRecord[] {
  return [...generateDeliveries(count, seed)].map(({ raw, facts }) =>
    buildDeliveryRecord(raw, facts, benchSecret, () => ({ status: 200, body: '{}', reason: 'test' })),
  );
}

/** Stores records as the CLI's import does, `chunkRows` at a time. */
export function storeInBulk(db: Db, records: DeliveryRecord[], chunkRows?: number): void {
  const writer = bulkWriter(db, chunkRows);
  for (let i = 0; i < records.length; i += writer.chunkRows) writer.store(records.slice(i, i + writer.chunkRows));
  writer.finish();
}
