import { buildDeliveryRecord } from '../src/main/core/receiver/ingest';
import { protocolAnswer, ResponsePolicyState } from '../src/main/core/receiver/response-policy';
import { bodySearchIndex } from '../src/main/core/store/body-search';
import { deliveryWriter } from '../src/main/core/store/delivery-writer';
import { openStore } from '../src/main/core/store/open';
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

const batchSize = 2_000;

/**
 * Stores `count` generated deliveries through the ingest path: buildDeliveryRecord (analysis, response, hash)
 * and the receiver's deliveryWriter (group commit, then the derived tables and the search index), `batchSize`
 * deliveries per commit.
 */
export async function buildStore(file: string, count: number, progress: (done: number) => void): Promise<BuildStats> {
  const db = openStore(file);
  const policy = new ResponsePolicyState(defaultResponsePolicy);
  const writer = deliveryWriter(db);
  const started = process.hrtime.bigint();
  let rawBytes = 0;
  let done = 0;
  let batches = 0;
  let pending: Array<Promise<number>> = [];
  const drain = async () => {
    await Promise.all(pending);
    pending = [];
    batches++;
    progress(done);
  };
  for (const { raw, facts } of generateDeliveries(count)) {
    const record = buildDeliveryRecord(raw, facts, benchSecret, (analysis) => {
      const answer = protocolAnswer(raw.method, 'complete') ?? policy.answer(analysis.signature.verdict);
      const ok = answer.status >= 200 && answer.status < 300;
      return { ...answer, body: JSON.stringify(ok ? { received: true } : { error: answer.reason }) };
    });
    rawBytes += raw.body.byteLength + Buffer.byteLength(JSON.stringify(raw.headers));
    pending.push(writer.enqueue(record));
    done++;
    if (pending.length >= batchSize) await drain();
  }
  if (pending.length > 0) await drain();
  await writer.drain();
  writer.derived.catchUpAll();
  // The search index follows the commits in the background; what it has not reached yet is indexed here.
  const search = bodySearchIndex(db);
  while (search.indexBatch(5_000) > 0);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { rows: done, seconds, rowsPerSecond: done / seconds, rawBytes, batches };
}
