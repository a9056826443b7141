/**
 * Analysis benchmark (issue 27): what the store's writer spends on each captured delivery before its INSERT, in one
 * process, nothing else running: the record (body parsed, analysed, signature checked, hashed: `analysedRecord`)
 * and its row (`insertValues`). The deliveries are the ingest benchmark's: the generator's POSTs, signed with its
 * secret, analysed as the writer thread gets them (captured, with the secret in force). Figures are CPU time.
 * Then a retry storm's copies (one gift-card delivery, its bytes again and again): analysed afresh each, and with
 * the writer's memory of recent bodies (`RecentBodyConclusions`), which draws a body's conclusions once.
 *
 *   BENCH_ANALYSIS_DELIVERIES=20000   # distinct deliveries, each analysed once per run
 *   BENCH_ANALYSIS_RUNS=7             # timed runs (after one warm-up), median / min / max
 *   BENCH_PROFILE=1                   # also profile one more run (the inspector protocol) and summarize it
 *
 * Each timed run waits for a quiet machine first (bench/machine.ts, within BENCH_QUIET_WAIT).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import type { CapturedDelivery } from '../src/main/core/delivery-record/delivery-record';
import { RecentBodyConclusions } from '../src/main/core/analysis/recent-body-conclusions';
import { analysedRecord } from '../src/main/core/delivery-record/build-record';
import { insertValues } from '../src/main/core/store/common/delivery-columns';
import { benchSecret, generateDeliveries } from './generate';
import { waitForQuiet } from './machine';
import { summarizeProfile } from './profile';
import { positiveInt, resultsDir } from './scale';
import { spread, table, type Figure } from './stats';

/** µs per delivery, medians on a quiet machine at the commit before issue 27's analysis work (same deliveries and runs). */
const baselines = { record: 125, row: 11 };
/** Issue 27: the writer's whole cost per delivery ≤ 125 µs; the analysis's share, half of what it was. */
const goal = (baselines.record + baselines.row) / 2;

function capturedDeliveries(count: number): CapturedDelivery[] {
  const deliveries: CapturedDelivery[] = [];
  for (const { raw, facts } of generateDeliveries(Math.ceil(count * 1.01))) {
    if (raw.method !== 'POST' || deliveries.length >= count) continue;
    deliveries.push({ raw, facts, response: { status: 200, body: '', reason: 'policy: default' }, secret: benchSecret });
  }
  return deliveries;
}

/** CPU time this process used so far, ms (the figure is the writer's CPU; a busy machine skews it less than wall time). */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Copies of the mix's first gift-card delivery, each with bytes of its own, as a retry storm brings them. */
function stormCopies(deliveries: CapturedDelivery[], count: number): CapturedDelivery[] {
  const original = deliveries.find((d) => Buffer.from(d.raw.body).toString('utf8').includes('"gift_cards"'));
  if (original === undefined) throw new Error('the generated traffic holds no gift-card event');
  return Array.from({ length: count }, () => ({ ...original, raw: { ...original.raw, body: Buffer.from(original.raw.body) } }));
}

/**
 * One pass over every delivery: CPU ms for the records and for their rows, measured apart. `remembering`: with the
 * writer's memory of recent bodies, new for the pass.
 */
function pass(deliveries: CapturedDelivery[], remembering = false): { recordMs: number; rowMs: number } {
  const recentBodies = remembering ? new RecentBodyConclusions() : undefined;
  const started = cpuMs();
  const records = deliveries.map((delivery) => analysedRecord(delivery, recentBodies));
  const analysed = cpuMs();
  let values = 0;
  for (const record of records) values += insertValues(record).length;
  const done = cpuMs();
  if (values === 0) throw new Error('no rows');
  return { recordMs: analysed - started, rowMs: done - analysed };
}

function post<T>(session: Session, method: string): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, (error, result) => (error ? reject(error) : resolve(result as T))));
}

async function profiledPass(deliveries: CapturedDelivery[]): Promise<string> {
  const session = new Session();
  session.connect();
  try {
    await post(session, 'Profiler.enable');
    await post(session, 'Profiler.start');
    pass(deliveries);
    const { profile } = await post<{ profile: unknown }>(session, 'Profiler.stop');
    const dir = join(resultsDir, 'profiles');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `analysis-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    return summarizeProfile(file, { items: deliveries.length, itemName: 'delivery' }, 30);
  } finally {
    session.disconnect();
  }
}

export async function runAnalysis(): Promise<string[]> {
  const deliveries = capturedDeliveries(positiveInt('BENCH_ANALYSIS_DELIVERIES', 20_000));
  const runs = positiveInt('BENCH_ANALYSIS_RUNS', 7);
  const bodyBytes = deliveries.reduce((sum, d) => sum + d.raw.body.byteLength, 0) / deliveries.length;
  console.log(`Analysis: ${deliveries.length.toLocaleString('en')} deliveries of the ingest mix (body ${bodyBytes.toFixed(0)} B on average), ${runs} runs`);
  const storm = stormCopies(deliveries, deliveries.length);
  pass(deliveries);
  const samples: Array<ReturnType<typeof pass>> = [];
  const remembered: Array<ReturnType<typeof pass>> = [];
  const stormAfresh: Array<ReturnType<typeof pass>> = [];
  const stormRemembered: Array<ReturnType<typeof pass>> = [];
  for (let run = 0; run < runs; run++) {
    await waitForQuiet();
    samples.push(pass(deliveries));
    remembered.push(pass(deliveries, true));
    stormAfresh.push(pass(storm));
    stormRemembered.push(pass(storm, true));
  }
  const us = (ms: number) => (ms * 1000) / deliveries.length;
  const figure = (metric: string, values: number[], baseline: number | null, goalUs: number | null): Figure => ({
    metric,
    unit: '',
    ...spread(values),
    goal: goalUs,
    baseline,
  });
  const total = figure('record + row, µs/delivery', samples.map((s) => us(s.recordMs + s.rowMs)), baselines.record + baselines.row, goal);
  const figures = [
    figure('record (parse, analyse, hash), µs/delivery', samples.map((s) => us(s.recordMs)), baselines.record, null),
    figure('row (insertValues), µs/delivery', samples.map((s) => us(s.rowMs)), baselines.row, null),
    total,
    // The writer's memory costs the mix a lookup per delivery (it has few copies); a storm's copies, the bytes' comparison.
    figure('record, with the memory of recent bodies, µs/delivery', remembered.map((s) => us(s.recordMs)), null, null),
    figure("retry storm's copy: record afresh, µs/delivery", stormAfresh.map((s) => us(s.recordMs)), null, null),
    figure("retry storm's copy: record, with the memory of recent bodies, µs/delivery", stormRemembered.map((s) => us(s.recordMs)), null, null),
  ];
  console.log(table(figures));
  if (process.env.BENCH_PROFILE === '1') console.log(await profiledPass(deliveries));
  return total.median <= goal ? [] : [`record + row ${total.median.toFixed(1)} µs per delivery (goal ≤ ${goal.toFixed(1)})`];
}
