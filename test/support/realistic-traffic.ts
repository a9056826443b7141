import { benchSecret, generateDeliveries } from '../../bench/generate';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import { bulkWriter } from '../../src/main/core/store/sqlite/bulk-writer';
import { inProcessWriter } from '../../src/main/core/store/sqlite/in-process-writer';
import type { DeliveryRecord } from '../../src/main/core/delivery-record/delivery-record';
import type { Db } from '../../src/main/core/store/sqlite/open';

/** The benchmark's realistic traffic (orders of many recipients, duplicates, reordering, faults), analyzed. */
export function analyzedTraffic(count: number, seed: number): DeliveryRecord[] {
  return [...generateDeliveries(count, seed)].map(({ raw, facts }) =>
    buildDeliveryRecord(raw, facts, benchSecret, () => ({ status: 200, body: '{}', reason: 'test' })),
  );
}

/** Stores records as the CLI's import does, `chunkRows` at a time. */
export async function storeInBulk(db: Db, records: DeliveryRecord[], chunkRows?: number): Promise<void> {
  const writer = bulkWriter(inProcessWriter(db), chunkRows);
  for (let i = 0; i < records.length; i += writer.chunkRows) await writer.store(records.slice(i, i + writer.chunkRows));
  await writer.finish();
}
