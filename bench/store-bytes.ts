/**
 * Bytes the SQLite store writes to disk per delivery (issue 27): generated deliveries stored through the receiver's
 * writer (group commits of `perCommit`, each then derived, and indexed for search as in a pause, the WAL checkpointed by the
 * store's checkpointer), counted by the kernel (/proc/self/io write_bytes) from the empty store to its close.
 * Side by side: the page size of new stores and others, and the store as it was before the filters' `(column, id)`
 * indexes were dropped (0016).
 *
 *   BENCH_STORE_BYTES_ROWS=20000
 */
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { protocolAnswer, responseFor, ResponsePolicyState } from '@webhook-inspector/capture';
import { buildDeliveryRecord } from '../src/main/core/delivery-record/build-record';
import type { DeliveryRecord } from '../src/main/core/delivery-record/delivery-record';
import { deliveryFilters } from '../src/main/core/store/sqlite/delivery-filters';
import { derivationSteps } from '../src/main/core/store/sqlite/derived-tables';
import { bodySearchIndex } from '../src/main/core/store/sqlite/body-search';
import { inProcessWriter } from '../src/main/core/store/sqlite/in-process-writer';
import { newStorePageSize, openStore } from '../src/main/core/store/sqlite/open';
import { sqliteStore } from '../src/main/core/store/sqlite/sqlite-store';
import { defaultResponsePolicy } from '../src/shared/policy';
import { benchSecret, generateDeliveries } from './generate';
import { writtenBytes } from './machine';
import { cacheDir, positiveInt } from './scale';

/** Deliveries per commit: about what 32 connections' group commits hold under the ingest benchmark. */
const perCommit = 16;
const goalKiB = 15;

/** The indexes 0016 dropped, created again to measure the store as it was. */
const droppedIndexes = `
  CREATE INDEX deliveries_by_event ON deliveries (event, id);
  CREATE INDEX deliveries_by_form ON deliveries (form, id);
  CREATE INDEX deliveries_by_signature ON deliveries (signature, id);
  CREATE INDEX deliveries_by_path ON deliveries (path, id);`;

interface Variant {
  pageSize: number;
  droppedIndexesBack: boolean;
}

function analysedDeliveries(count: number): DeliveryRecord[] {
  const policy = new ResponsePolicyState(defaultResponsePolicy);
  return [...generateDeliveries(count)].map(({ raw, facts }) => {
    const request = { method: raw.method, outcome: 'complete', hostMissing: false, unmetExpectation: null } as const;
    return buildDeliveryRecord(raw, facts, benchSecret, (analysis) =>
      responseFor(protocolAnswer(request) ?? policy.answer(() => analysis.signature.verdict)),
    );
  });
}

/** KiB written per delivery storing `records` into a new store of this variant. */
async function bytesPerDelivery(dir: string, records: DeliveryRecord[], variant: Variant): Promise<{ kib: number; fileKiB: number }> {
  const file = join(dir, `store-${variant.pageSize}-${variant.droppedIndexesBack}.sqlite3`);
  // A new store takes the page size it is given before its first write (openStore gives newStorePageSize).
  const created = new Database(file);
  created.pragma(`page_size = ${variant.pageSize}`);
  created.pragma('journal_mode = WAL');
  created.close();
  const db = openStore(file);
  if (variant.droppedIndexesBack) db.exec(droppedIndexes);
  const writer = inProcessWriter(db);
  const store = sqliteStore(db, writer, { background: true });
  const before = writtenBytes();
  for (let i = 0; i < records.length; i += perCommit) {
    await Promise.all(records.slice(i, i + perCommit).map((record) => store.storeDelivery(record)));
  }
  await store.derived.catchUpAll();
  // What the first pause would index (the commits above come without one).
  await writer.indexSearchAll();
  const fileKiB = (db.prepare('SELECT page_count * page_size FROM pragma_page_count, pragma_page_size').pluck().get() as number) / 1024;
  await store.close();
  const after = writtenBytes();
  if (before === null || after === null) throw new Error('no /proc/self/io here: bytes written cannot be counted');
  return { kib: (after - before) / 1024 / records.length, fileKiB };
}

interface PhaseCost {
  kib: number;
  cpuUs: number;
}

/** What one phase of the ingest costs per delivery: KiB written (its WAL, then checkpointed) and CPU on this thread. */
function measurePhase(db: ReturnType<typeof openStore>, rows: number, work: () => void): PhaseCost {
  const before = writtenBytes();
  const cpuBefore = process.cpuUsage();
  work();
  db.pragma('wal_checkpoint(TRUNCATE)');
  const cpu = process.cpuUsage(cpuBefore);
  const after = writtenBytes();
  if (before === null || after === null) throw new Error('no /proc/self/io here: bytes written cannot be counted');
  return { kib: (after - before) / 1024 / rows, cpuUs: (cpu.user + cpu.system) / rows };
}

/**
 * The ingest's phases apart, on a new store: the commits of `perCommit`, then deriving the groups and lifecycles,
 * then the body search index, each in transactions of `rowsPerTransaction`: what each phase costs, and how much
 * of it larger transactions save.
 */
async function phaseCosts(dir: string, records: DeliveryRecord[], rowsPerTransaction: number, rowsPerCommit = perCommit) {
  const file = join(dir, `phases-${rowsPerTransaction}-${rowsPerCommit}.sqlite3`);
  const db = openStore(file);
  const writer = inProcessWriter(db);
  try {
    const insert = measurePhase(db, records.length, () => {
      // The writer's insert runs at once on this thread (in-process): its promise is settled by then.
      for (let i = 0; i < records.length; i += rowsPerCommit) void writer.insert(records.slice(i, i + rowsPerCommit));
    });
    // The filters' table first, as the writer fills it (in pauses): the derivation below then finds it filled.
    const filters = deliveryFilters(db);
    const fill = db.transaction((rows: number) => filters.fill(rows));
    const filled = measurePhase(db, records.length, () => {
      while (fill(rowsPerTransaction) > 0);
    });
    const steps = derivationSteps(db, { batchRows: rowsPerTransaction });
    const derive = measurePhase(db, records.length, () => steps.catchUpAll());
    const search = bodySearchIndex(db);
    const index = measurePhase(db, records.length, () => {
      while (search.indexBatch(rowsPerTransaction) > 0);
    });
    return { insert, filled, derive, index };
  } finally {
    await writer.close();
    db.close();
  }
}

export async function runStoreBytes(): Promise<string[]> {
  const rows = positiveInt('BENCH_STORE_BYTES_ROWS', 20_000);
  mkdirSync(cacheDir, { recursive: true });
  const dir = mkdtempSync(join(cacheDir, 'store-bytes-'));
  const missed: string[] = [];
  try {
    const records = analysedDeliveries(rows);
    console.log(`${rows} generated deliveries, ${perCommit} per commit, derived and indexed; KiB written per delivery (goal ≤ ${goalKiB} for the whole ingest):`);
    const variants: Variant[] = [4096, 2048, 1024].flatMap((pageSize) => [
      { pageSize, droppedIndexesBack: true },
      { pageSize, droppedIndexesBack: false },
    ]);
    for (const variant of variants) {
      const { kib, fileKiB } = await bytesPerDelivery(dir, records, variant);
      const label = `page_size ${variant.pageSize}, ${variant.droppedIndexesBack ? 'with the (column, id) indexes (before 0016)' : 'indexes of 0016'}`;
      const asNewStores = variant.pageSize === newStorePageSize && !variant.droppedIndexesBack;
      console.log(`  ${label.padEnd(62)} ${kib.toFixed(1).padStart(6)} KiB/delivery   file ${(fileKiB / rows).toFixed(2)} KiB/delivery${asNewStores ? '   ← new stores' : ''}`);
      if (asNewStores && kib > goalKiB) missed.push(`bytes written per delivery by a new store: ${kib.toFixed(1)} KiB (goal ≤ ${goalKiB})`);
    }
    console.log('Each phase apart, in transactions of N rows (the inserts of analysed deliveries): KiB written and CPU µs per delivery');
    const cell = (cost: PhaseCost) => `${cost.kib.toFixed(1).padStart(5)} KiB ${cost.cpuUs.toFixed(0).padStart(4)} µs`;
    for (const rowsPerTransaction of [1, 4, 16, 64, 500, 5000]) {
      const { insert, filled, derive, index } = await phaseCosts(dir, records, rowsPerTransaction, Math.min(rowsPerTransaction, 64));
      const inserted = `insert ${rowsPerTransaction > 64 ? '(64)' : '    '} ${cell(insert)}`;
      console.log(
        `  N = ${String(rowsPerTransaction).padEnd(5)} ${inserted}   filters ${cell(filled)}   derive ${cell(derive)}   search index ${cell(index)}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return missed;
}
