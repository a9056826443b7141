import type { RetentionLimits } from '../../../../shared/retention';
import type { ReplayRecord } from '../../../../shared/replay';
import { RecentBodyConclusions } from '../../analysis/recent-body-conclusions';
import { analysedRecord } from '../../delivery-record/build-record';
import type { DeliveryRecord, IncomingDelivery } from '../../delivery-record/delivery-record';
import { pacedBatches } from '../../paced-size';
import { insertValues } from '../common/delivery-columns';
import { RecentParsedBodies } from '../common/recent-parsed-bodies';
import { bulkCacheKib, bulkChunkRows, syncStoreFiles } from './bulk-load';
import type { Db } from './db';
import { insertBodyIndex, insertDeliverySql } from './deliveries';
import { derivationSteps, readCatchUpRows, type DerivationSteps, type StepOutcome } from './derived-tables';
import { reanalysisBatches, type ReanalyzedBatch } from './reanalyze';
import { withoutOwnFsync } from './relaxed-sync';
import { replayQueries } from './replays';
import { settingChangesWriter, type SettingChange } from './settings';
import { sqlitePruner } from './sqlite-pruner';
import { reconcileWriter, type ReconcileWrite } from './reconcile-records';
import type { ReplayDraft } from '../common/replay-rows';

/**
 * A delivery for the writer: as the store was given it (captured ones are analysed by the writer), or its row
 * made already (how a record analysed on another thread is posted to the writer's: cheaper to copy than the record).
 */
export type WriterItem = IncomingDelivery | { row: unknown[] };

/**
 * The parsed bodies the writer keeps for the lifecycles' summaries (recent-parsed-bodies.ts): a derivation step
 * runs right after the commits, so the bodies it refreshes a lifecycle with are mostly among the last few hundred.
 * 512 rather than 2,048 (and at most 4 Mi characters of their texts): `serve`'s RSS after 20,000 deliveries 3 MB
 * lower, the writer thread's CPU per delivery unchanged within the runs' noise (`BENCH_ONLY=servememory`).
 */
const writerParsedBodies = { count: 512, textChars: 4 * 2 ** 20 };

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
 * Every write of the store (sqlite-writer.ts), as plain functions of the connection that writes: the same whether
 * they run on this thread (in-process-writer.ts) or on the writer thread, each call one message
 * (writer-thread/thread-main.ts); the store calls them through one proxy (writer-calls.ts), so a new write is one
 * entry here. A batch of deliveries is analysed and inserted in one transaction (committed
 * without its own fsync: the WAL is synced after it, apart, before any 2xx), and the derivation steps (duplicate groups, lifecycles, search index)
 * run with the bodies it just parsed; pruning, re-analysis and derivation are paced so that each call delays the
 * commits queued behind it by a few milliseconds only.
 */
export function storeWriterHandlers(db: Db) {
  const insert = db.prepare(insertDeliverySql);
  const parsedBodies = new RecentParsedBodies(writerParsedBodies.count, writerParsedBodies.textChars);
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
    /**
     * Analyses what needs it and inserts the batch in one transaction; the ids in order. The commit does not sync
     * (synchronous=NORMAL): the rows are durable once the WAL is synced after it (SqliteWriter.synced), while the
     * next batch is analysed and committed.
     */
    insert: (items: WriterItem[]): number[] => withoutOwnFsync(db, () => insertItems(items, parsedBodies)),
    /** A bulk load (an import): the connection without fsyncs of its own and with a large page cache, until its end. */
    beginBulkLoad(): void {
      restoreAfterBulk = [
        `synchronous = ${db.pragma('synchronous', { simple: true }) as number}`,
        `cache_size = ${db.pragma('cache_size', { simple: true }) as number}`,
      ];
      // A crash loses at most the chunks not yet synced (endBulkLoad), never the store's consistency (WAL).
      db.pragma('synchronous = NORMAL');
      db.pragma(`cache_size = -${bulkCacheKib}`);
    },
    /** A bulk load's chunk in one transaction, then everything it adds derived and indexed; the ids in order. */
    bulkStore(items: WriterItem[]): number[] {
      const { steps: bulkSteps, parsedBodies: chunkBodies } = bulkDerivation();
      const ids = insertItems(items, chunkBodies);
      bulkSteps.catchUpAll();
      bulkSteps.indexSearchAll();
      return ids;
    },
    /** Restores the connection's settings and syncs what the load wrote (the WAL, and the database file). */
    endBulkLoad(): void {
      for (const pragma of restoreAfterBulk.splice(0)) db.pragma(pragma);
      syncStoreFiles(db.name);
    },
    /** Removes up to `maxRows` of the oldest deliveries past the limits in one transaction; how many. */
    prune(limits: RetentionLimits, maxRows: number, now: number): number {
      let removed = 0;
      prunePace(stepTargetMs, (rows) => (removed = pruner.pruneNow(limits, rows, now)) === rows, maxRows);
      return removed;
    },
    /** Re-analyses up to `maxRows` deliveries after `afterId` with `secret`, in one transaction. */
    reanalyze(secret: string | null, afterId: number, maxRows: number): ReanalyzedBatch {
      let batch: ReanalyzedBatch | undefined;
      reanalyzePace(stepTargetMs, (rows) => (batch = reanalyzeBatch(secret, afterId, rows)).count === rows, maxRows);
      return batch!;
    },
    /**
     * Settings changes, without an fsync of their own: the next delivery's commit syncs them (the WAL is synced
     * whole), and losing the last ones to a power cut loses only a relay cursor's progress (the pull is repeated,
     * never stored twice) or a change made in that instant.
     */
    writeSettings(changes: SettingChange[]): void {
      withoutOwnFsync(db, () => writeSettings(changes));
    },
    insertReplay(draft: ReplayDraft): ReplayRecord {
      // Buffers come through a worker's messages as Uint8Arrays.
      const body = draft.response?.body;
      const sentBody = draft.sentBody ? asBuffer(draft.sentBody) : null;
      replays ??= replayQueries(db);
      return replays.insert({ ...draft, sentBody, ...(body ? { response: { ...draft.response!, body: asBuffer(body) } } : {}) });
    },
    /** Reconcile's records: a runtime span opened (its id), seen or closed, or a run kept. */
    reconcile: (write: ReconcileWrite): number | null => (reconcileWrites ??= reconcileWriter(db))(write),
    /** The derivation (derived-tables.ts), a step at a time: whether a backlog is left, and why it failed. */
    step: (): StepOutcome => steps.step(),
    /** In a pause between deliveries: one large transaction of the filters' table and of the search index; whether more are pending. */
    fillIndexesWhileIdle: (): StepOutcome => steps.fillIndexesWhileIdle(),
    /** Derives up to `maxRows` pending rows now; why it failed, or null. */
    catchUp: (maxRows: number): string | null => steps.catchUp(maxRows),
    /** Derives everything pending; true once none is left. */
    catchUpAll: (): boolean => steps.catchUpAll(),
    /** Indexes every body not yet in the search index. */
    indexSearchAll: (): void => steps.indexSearchAll(),
    /**
     * Empties the derived tables to derive them again (the first rows again at once, so a reader never finds them
     * empty). A reader on another connection never waits for the writer's steps: it sees the tables rebuilt as far
     * as a read would derive.
     */
    clear: (): void => steps.clear(readCatchUpRows),
    isCurrent: (): boolean => steps.isCurrent(),
  };
}

/** The writes, by name, as they run on the writer's connection: each answers at once. */
export type WriterHandlers = ReturnType<typeof storeWriterHandlers>;
