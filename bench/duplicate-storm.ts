/**
 * Duplicate-storm benchmark: a delivery's detail (`deliveries.get`) and the Duplicates page (`duplicates.list`, its
 * first page) in a retry storm, a SQLite store holding BENCH_STORM_COPIES copies of one gift card (one idempotency
 * key). Timed as the store reads them, and their answers measured as the window or the HTTP API gets them (JSON):
 * the detail for the last copy and one early copy, with the group's duplicate_groups row as the derivation leaves it;
 * and before the group is derived at all (no row: a rebuild), the worst case, where the copies after the first are
 * folded in by one index walk. The list lists only derived groups: it is measured once derived.
 *
 * Then its lifecycle's view (`lifecycles.get`: one event of that many copies), beside the rebuild from every copy
 * that it was before (exports and replays still read it so), timed in the same run: derived, and before (no
 * lifecycles row: every first copy found by a walk of the lifecycle's deliveries).
 *
 *   BENCH_STORM_COPIES=300000   # copies (default 300,000)
 *   BENCH_STORM_RUNS=15         # timed runs per figure
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { getDelivery } from '../src/main/core/store/sqlite/delivery-views';
import { listDuplicateGroups } from '../src/main/core/store/sqlite/duplicate-views';
import { viewLifecycle } from '../src/main/core/store/sqlite/lifecycle-views';
import { lifecycleQueries } from '../src/main/core/store/sqlite/lifecycles';
import { openStore, type Db } from '../src/main/core/store/sqlite/open';
import { derivedTables } from '../test/support/derived-tables';
import { largeStoreDataDir } from '../test/support/large-store';
import { positiveInt } from './scale';
import { spread, table, time, type Figure } from './stats';

/**
 * Each read, as the store read it when it read every copy (medians, busy 2-core machine): the detail in a group of
 * 300,000; the list in a group of 100,000, as at 300,000 it failed (RangeError: its spread spread every copy's time
 * over Math.max's arguments). And its goal:
 * however many copies, a few rows read in a few ms, an answer holding at most 101 copies (the detail) or the first
 * 100 copies' verdicts and statuses per group (the list).
 */
const reads = {
  detail: { baseline: { ms: 2_150, answerMB: 55.7 }, goal: { ms: 20, answerMB: 0.1 } },
  list: { baseline: { ms: 1_470, answerMB: 1.34, note: 'at 100,000 copies (300,000: RangeError)' }, goal: { ms: 20, answerMB: 0.1 } },
};

type Read = keyof typeof reads;

function figures(read: Read, note: string, answer: () => unknown, runs: number, withGoal: boolean): Figure[] {
  const samples = time(answer, { runs, budgetMs: 60_000, minRuns: 3 });
  const size = JSON.stringify(answer()).length / 2 ** 20;
  const { baseline, goal }: { baseline: { ms: number; answerMB: number; note?: string }; goal: typeof reads.detail.goal } = reads[read];
  const baselineNote = baseline.note;
  return [
    { metric: `${read}, ${note}`, unit: 'ms', ...spread(samples), goal: withGoal ? goal.ms : null, baseline: baseline.ms, baselineNote },
    { metric: `${read} answer, ${note}`, unit: 'MB', ...spread([size]), goal: withGoal ? goal.answerMB : null, baseline: baseline.answerMB, baselineNote },
  ];
}

const detailFigures = (db: Db, state: string, ids: Array<[string, number]>, runs: number, withGoal: boolean) =>
  ids.flatMap(([which, id]) => figures('detail', `${state}, ${which}`, () => getDelivery(db, id), runs, withGoal));

/** However many copies an event has: a lifecycle's view reads a few rows per event; its answer lists 100 copies per event. */
const lifecycleGoals = { viewMs: 20, answerMB: 0.1 };

function lifecycleFigures(db: Db, state: string, key: string, runs: number, rebuilt: Figure | null, goal: typeof lifecycleGoals | null): Figure[] {
  const samples = time(() => viewLifecycle(db, key), { runs, budgetMs: 60_000, minRuns: 3 });
  const answer = JSON.stringify(viewLifecycle(db, key));
  return [
    { metric: `lifecycle view, ${state}`, unit: 'ms', ...spread(samples), goal: goal?.viewMs ?? null, baseline: rebuilt?.median ?? null },
    { metric: `lifecycle answer, ${state}`, unit: 'MB', ...spread([answer.length / 2 ** 20]), goal: goal?.answerMB ?? null, baseline: null },
  ];
}

/** The lifecycle rebuilt from every copy, as its view read it before (and exports and replays still do). */
function rebuildFigures(db: Db, key: string): Figure[] {
  const load = lifecycleQueries(db).load;
  const samples = time(() => load(key), { runs: 3, budgetMs: 60_000, minRuns: 3 });
  const answer = JSON.stringify(load(key));
  return [
    { metric: 'lifecycle rebuilt from every copy (the view before)', unit: 'ms', ...spread(samples), goal: null, baseline: null },
    { metric: 'lifecycle answer, every copy listed (before)', unit: 'MB', ...spread([answer.length / 2 ** 20]), goal: null, baseline: null },
  ];
}

export async function runStorm(): Promise<string[]> {
  const copies = positiveInt('BENCH_STORM_COPIES', 300_000);
  const runs = positiveInt('BENCH_STORM_RUNS', 15);
  console.log(`Duplicate storm: ${copies.toLocaleString('en')} copies of one gift card, ${runs} runs per figure`);
  const dataDir = largeStoreDataDir(copies);
  const db = openStore(join(dataDir, 'inspector.sqlite3'));
  try {
    const ids: Array<[string, number]> = [['last copy', copies], ['copy 50', 50]];
    // As built, the copies are marked derived but no group row exists: what a read meets before a rebuild derives them.
    const before = detailFigures(db, 'no group row', ids, runs, false);
    const lifecycleKey = db.prepare('SELECT lifecycle_key FROM deliveries WHERE id = 1').pluck().get() as string;
    const rebuilt = rebuildFigures(db, lifecycleKey);
    const lifecycleBefore = lifecycleFigures(db, 'no lifecycles row', lifecycleKey, runs, rebuilt[0]!, null);
    db.prepare("UPDATE store_counts SET value = 0 WHERE name = 'derived_through'").run();
    const started = Date.now();
    await derivedTables(db).catchUpAll();
    console.log(`  derived in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const after = [
      ...detailFigures(db, 'derived', ids, runs, true),
      ...figures('list', 'derived, first page of 50', () => listDuplicateGroups(db, undefined, 50), runs, true),
      ...lifecycleFigures(db, 'derived', lifecycleKey, runs, rebuilt[0]!, lifecycleGoals),
    ];
    const all = [...after, ...before, ...lifecycleBefore, ...rebuilt];
    console.log(table(all));
    return after.filter((f) => f.median > f.goal!).map((f) => `${f.metric}: ${f.median.toFixed(2)} ${f.unit} (goal ≤ ${f.goal})`);
  } finally {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
