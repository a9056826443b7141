import { buildDeliveryRecord } from '../src/main/core/delivery-record/build-record';
import { protocolAnswer, responseFor, ResponsePolicyState } from '@webhook-inspector/capture';
import { bulkWriter } from '../src/main/core/store/sqlite/bulk-writer';
import { inProcessWriter } from '../src/main/core/store/sqlite/in-process-writer';
import type { DeliveryRecord } from '../src/main/core/delivery-record/delivery-record';
import { openStore } from '../src/main/core/store/sqlite/open';
import { settingsQueries } from '../src/main/core/store/sqlite/settings';
import { analyzerVersion } from '../src/main/core/analysis/version';
import { defaultResponsePolicy } from '../src/shared/policy';
import { benchSecret, generateDeliveries } from './generate';

export interface BuildStats {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** Sum of body and stored headers lengths: what the user's traffic weighs. */
  rawBytes: number;
  batches: number;
}

/**
 * Stores `count` generated deliveries through the ingest path's functions: buildDeliveryRecord (analysis,
 * response, hash) and the import's bulk writer (5,000 rows per transaction, then their duplicate groups,
 * lifecycles and search index), which leaves the same tables as the receiver's writer (bulk-writer.test.ts).
 */
export async function buildStore(file: string, count: number, progress: (done: number) => void, seed?: number): Promise<BuildStats> {
  const db = openStore(file);
  const policy = new ResponsePolicyState(defaultResponsePolicy);
  const writer = bulkWriter(inProcessWriter(db));
  const started = process.hrtime.bigint();
  let rawBytes = 0;
  let done = 0;
  let batches = 0;
  let chunk: DeliveryRecord[] = [];
  const store = async () => {
    await writer.store(chunk);
    chunk = [];
    batches++;
    progress(done);
  };
  for (const { raw, facts } of generateDeliveries(count, seed)) {
    const request = { method: raw.method, outcome: 'complete', hostMissing: false, unmetExpectation: null } as const;
    const record = buildDeliveryRecord(raw, facts, benchSecret, (analysis) =>
      responseFor(protocolAnswer(request) ?? policy.answer(() => analysis.signature.verdict)),
    );
    rawBytes += raw.body.byteLength + Buffer.byteLength(JSON.stringify(raw.headers));
    chunk.push(record);
    done++;
    if (chunk.length >= writer.chunkRows) await store();
  }
  if (chunk.length > 0) await store();
  await writer.finish();
  // As a core leaves a store it analysed: without it a core opening the store would analyse every delivery again.
  settingsQueries(db).write('analyzerVersion', analyzerVersion);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { rows: done, seconds, rowsPerSecond: done / seconds, rawBytes, batches };
}
