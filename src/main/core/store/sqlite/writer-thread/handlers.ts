import { analysedRecord } from '../../../delivery-record/build-record';
import { insertValues } from '../../common/delivery-columns';
import { insertBodyIndex, insertDeliverySql } from '../deliveries';
import { bulkCacheKib, bulkChunkRows } from '../bulk-writer';
import type { CapturedDelivery, DeliveryRecord } from '../../../delivery-record/delivery-record';
import { derivationSteps, readCatchUpRows, type DerivationSteps } from '../derived-tables';
import type { Db } from '../db';
import type { RetentionLimits } from '../../../../../shared/retention';
import { RecentParsedBodies } from '../../common/recent-parsed-bodies';
import { reanalysisBatches, type ReanalyzedBatch } from '../reanalyze';
import { sqlitePruner } from '../sqlite-pruner';
import { pacedBatches } from '../../../paced-size';
import { withoutOwnFsync } from '../relaxed-sync';
import { type ReplayDraft } from '../../common/replay-rows';
import { replayQueries } from '../replays';
import { settingChangesWriter, type SettingChange } from '../settings';

/** One delivery for the writer thread: a row made already (a record analysed elsewhere), or one to analyse there. */
export type WriterItem = { values: unknown[] } | { captured: CapturedDelivery };

/** How long a derivation step may delay the commits queued behind it on the writer thread. */
const stepTargetMs = 3;

/** A Buffer posted to another thread arrives as a Uint8Array: better-sqlite3 stores only a Buffer as a BLOB. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * What the writer thread does on its own connection, each call one message from the receiver's thread: analyse
 * and insert a batch of deliveries in one transaction (committed with synchronous=FULL before the ids go back),
 * and run the derivation steps (duplicate groups, lifecycles, search index) with the bodies it just parsed; and
 * every other write of the store (settings, replays, retention, re-analysis), so that while the thread runs its
 * connection is the store's only writer: no two of the inspector's own connections ever wait for each other's lock.
 * Plain functions of a connection, so that they also run, and are tested, without a thread.
 */
export function writerThreadHandlers(db: Db) {
  const insert = db.prepare(insertDeliverySql);
  const parsedBodies = new RecentParsedBodies();
  const steps = derivationSteps(db, { parsedBodies, stepTargetMs });

  const insertAll = db.transaction((rows: unknown[][]) => rows.map((row) => Number(insert.run(...row).lastInsertRowid)));

  /** A row to insert, with its analysed record when it was analysed here (its parsed body is kept for lifecycles). */
  const rowOf = (item: WriterItem): { values: unknown[]; record: DeliveryRecord | null } => {
    if ('values' in item) {
      item.values[insertBodyIndex] = asBuffer(item.values[insertBodyIndex] as Uint8Array);
      return { values: item.values, record: null };
    }
    const { captured } = item;
    const record = analysedRecord({ ...captured, raw: { ...captured.raw, body: asBuffer(captured.raw.body) } });
    return { values: insertValues(record), record };
  };

  // A command's bulk load (the CLI's import): larger transactions, derived at once, synced by the command at the end.
  let bulkSteps: DerivationSteps | null = null;
  const bulk = () => {
    if (bulkSteps === null) {
      db.pragma(`cache_size = -${bulkCacheKib}`);
      bulkSteps = derivationSteps(db, { batchRows: bulkChunkRows });
    }
    return bulkSteps;
  };

  // Retention's pruning: on this thread too, between the commits, never on the event loop that answers deliveries;
  // each call's transaction sized from the last one's pace to take about a derivation step's time.
  const pruner = sqlitePruner(db, null);
  const prunePace = pacedBatches(16, 4);
  // A re-analysis (a new secret, a new analyzer), likewise between the commits, paced the same way.
  const reanalyzeBatch = reanalysisBatches(db);
  const reanalyzePace = pacedBatches(32, 4);
  const writeSettings = settingChangesWriter(db);
  const replays = replayQueries(db);

  return {
    insert(items: WriterItem[]): number[] {
      const analysed = items.map(rowOf);
      const ids = insertAll(analysed.map((a) => a.values));
      // Only once committed: a rolled-back batch's ids are given to the next rows.
      analysed.forEach(({ record }, i) => record && parsedBodies.rememberStored(ids[i]!, record));
      return ids;
    },
    /** A chunk of a bulk load in one transaction without its own fsync, then everything it adds derived and indexed. */
    bulkStore(items: WriterItem[]): number[] {
      const steps = bulk();
      const ids = withoutOwnFsync(db, () => insertAll(items.map((item) => rowOf(item).values)));
      steps.catchUpAll();
      steps.indexSearchAll();
      return ids;
    },
    /** Removes up to `maxRows` of the oldest deliveries past the limits in one transaction; how many. */
    prune(limits: RetentionLimits, maxRows: number, now: number): number {
      let removed = 0;
      prunePace(stepTargetMs, (rows) => (removed = pruner.pruneNow(limits, rows, now)) === rows, maxRows);
      return removed;
    },
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
    insertReplay(draft: ReplayDraft) {
      const body = draft.response?.body;
      return replays.insert(body ? { ...draft, response: { ...draft.response!, body: asBuffer(body) } } : draft);
    },
    step: () => steps.step(),
    catchUp: (maxRows: number) => steps.catchUp(maxRows),
    catchUpAll: () => steps.catchUpAll(),
    // The main thread's reads never wait for this thread's steps: they see the tables rebuilt as far as a read would derive.
    clear: () => steps.clear(readCatchUpRows),
    isCurrent: () => steps.isCurrent(),
  };
}

export type WriterThreadHandlers = ReturnType<typeof writerThreadHandlers>;
export type WriterCall = keyof WriterThreadHandlers;
