import { RecentBodyConclusions } from '../../analysis/recent-body-conclusions';
import { analysedRecord } from '../../delivery-record/build-record';
import type { DeliveryRecord, IncomingDelivery } from '../../delivery-record/delivery-record';
import { pacedBatches } from '../../paced-size';
import { insertValues } from '../common/delivery-columns';
import { RecentParsedBodies } from '../common/recent-parsed-bodies';
import { bulkCacheKib, bulkChunkRows, syncStoreFiles } from './bulk-writer';
import type { Db } from './db';
import { insertBodyIndex, insertDeliverySql } from './deliveries';
import { derivationSteps, readCatchUpRows, type DerivationSteps } from './derived-tables';
import { reanalysisBatches, type ReanalyzedBatch } from './reanalyze';
import { withoutOwnFsync } from './relaxed-sync';
import { replayQueries } from './replays';
import { settingChangesWriter } from './settings';
import { sqlitePruner } from './sqlite-pruner';
import type { WriterHandlers, WriterItem } from './store-writer';
import { reconcileWriter } from './reconcile-records';

/** How long a derivation step (or a batch of pruning, or of a re-analysis) may delay the commits queued behind it. */
const stepTargetMs = 3;

/** A Buffer posted to another thread arrives as a Uint8Array: better-sqlite3 stores only a Buffer as a BLOB. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function withBufferBody<T extends IncomingDelivery>(delivery: T): T {
  const { body } = delivery.raw;
  return Buffer.isBuffer(body) ? delivery : { ...delivery, raw: { ...delivery.raw, body: asBuffer(body) } };
}

/**
 * Every write of the store (store-writer.ts), as plain functions of the connection that writes: the same whether
 * they run on this thread (in-process-writer.ts) or on the writer thread, each call one message
 * (writer-thread/thread-main.ts). A batch of deliveries is analysed and inserted in one transaction (committed
 * without its own fsync: the WAL is synced after it, apart, before any 2xx), and the derivation steps (duplicate groups, lifecycles, search index)
 * run with the bodies it just parsed; pruning, re-analysis and derivation are paced so that each call delays the
 * commits queued behind it by a few milliseconds only.
 */
export function storeWriterHandlers(db: Db): WriterHandlers {
  const insert = db.prepare(insertDeliverySql);
  const parsedBodies = new RecentParsedBodies();
  const recentBodies = new RecentBodyConclusions();
  const steps = derivationSteps(db, { parsedBodies, stepTargetMs });

  const insertAll = db.transaction((rows: unknown[][]) => rows.map((row) => Number(insert.run(...row).lastInsertRowid)));

  /** A row to insert, with its analysed record when the writer was given one (its parsed body is kept for lifecycles). */
  const rowOf = (item: WriterItem): { values: unknown[]; record: DeliveryRecord | null } => {
    if ('row' in item) {
      item.row[insertBodyIndex] = asBuffer(item.row[insertBodyIndex] as Uint8Array);
      return { values: item.row, record: null };
    }
    const record = analysedRecord(withBufferBody(item), recentBodies);
    return { values: insertValues(record), record };
  };
  const insertItems = (items: WriterItem[], remembered: RecentParsedBodies): number[] => {
    const analysed = items.map(rowOf);
    const ids = insertAll(analysed.map((a) => a.values));
    // Only once committed: a rolled-back batch's ids are given to the next rows.
    analysed.forEach(({ record }, i) => record && remembered.rememberStored(ids[i]!, record));
    return ids;
  };

  // A bulk load (the import): transactions as large as its chunks, each derived at once with the bodies it parsed
  // (members from earlier chunks are parsed again: as fast, measured, for less memory).
  let bulk: { steps: DerivationSteps; parsedBodies: RecentParsedBodies } | null = null;
  const bulkDerivation = () => {
    if (bulk === null) {
      const chunkBodies = new RecentParsedBodies(bulkChunkRows);
      bulk = { parsedBodies: chunkBodies, steps: derivationSteps(db, { parsedBodies: chunkBodies, batchRows: bulkChunkRows }) };
    }
    return bulk;
  };
  let restoreAfterBulk: string[] = [];

  // Retention's pruning and a re-analysis (a new secret, a new analyzer) run between the commits too, each call's
  // transaction sized from the last one's pace to take about a derivation step's time.
  const pruner = sqlitePruner(db);
  const prunePace = pacedBatches(16, 4);
  const reanalyzeBatch = reanalysisBatches(db);
  const reanalyzePace = pacedBatches(32, 4);
  const writeSettings = settingChangesWriter(db);
  // Prepared at their first use: a writer over a store of an older schema (a test's) stores deliveries without needing
  // the replays table's newest columns or the reconciliation's tables.
  let replays: ReturnType<typeof replayQueries> | undefined;
  let reconcileWrites: ReturnType<typeof reconcileWriter> | undefined;

  return {
    // Durable once the WAL is synced after it (StoreWriter.synced), while the next batch is analysed and committed.
    insert: (items) => withoutOwnFsync(db, () => insertItems(items, parsedBodies)),
    beginBulkLoad() {
      restoreAfterBulk = [
        `synchronous = ${db.pragma('synchronous', { simple: true }) as number}`,
        `cache_size = ${db.pragma('cache_size', { simple: true }) as number}`,
      ];
      // A crash loses at most the chunks not yet synced (endBulkLoad), never the store's consistency (WAL).
      db.pragma('synchronous = NORMAL');
      db.pragma(`cache_size = -${bulkCacheKib}`);
    },
    bulkStore(items) {
      const { steps: bulkSteps, parsedBodies: chunkBodies } = bulkDerivation();
      const ids = insertItems(items, chunkBodies);
      bulkSteps.catchUpAll();
      bulkSteps.indexSearchAll();
      return ids;
    },
    endBulkLoad() {
      for (const pragma of restoreAfterBulk.splice(0)) db.pragma(pragma);
      syncStoreFiles(db.name);
    },
    prune(limits, maxRows, now) {
      let removed = 0;
      prunePace(stepTargetMs, (rows) => (removed = pruner.pruneNow(limits, rows, now)) === rows, maxRows);
      return removed;
    },
    reanalyze(secret, afterId, maxRows) {
      let batch: ReanalyzedBatch | undefined;
      reanalyzePace(stepTargetMs, (rows) => (batch = reanalyzeBatch(secret, afterId, rows)).count === rows, maxRows);
      return batch!;
    },
    /**
     * Settings changes, without an fsync of their own: the next delivery's commit syncs them (the WAL is synced
     * whole), and losing the last ones to a power cut loses only a relay cursor's progress (the pull is repeated,
     * never stored twice) or a change made in that instant.
     */
    writeSettings(changes) {
      withoutOwnFsync(db, () => writeSettings(changes));
    },
    insertReplay(draft) {
      // Buffers come through a worker's messages as Uint8Arrays.
      const body = draft.response?.body;
      const sentBody = draft.sentBody ? asBuffer(draft.sentBody) : null;
      replays ??= replayQueries(db);
      return replays.insert({ ...draft, sentBody, ...(body ? { response: { ...draft.response!, body: asBuffer(body) } } : {}) });
    },
    reconcile: (write) => (reconcileWrites ??= reconcileWriter(db))(write),
    step: () => steps.step(),
    fillIndexesWhileIdle: () => steps.fillIndexesWhileIdle(),
    catchUp: (maxRows) => steps.catchUp(maxRows),
    catchUpAll: () => steps.catchUpAll(),
    indexSearchAll: () => steps.indexSearchAll(),
    // A reader on another connection never waits for the writer's steps: it sees the tables rebuilt as far as a read would derive.
    clear: () => steps.clear(readCatchUpRows),
    isCurrent: () => steps.isCurrent(),
  };
}
