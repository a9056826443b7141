/**
 * How long a PostgreSQL store holds the serving process's event loop (issue 42), and what storing costs it and the
 * database. A receiving core's store analyses, commits and derives its deliveries on its writer thread
 * (postgres/writer-thread/), so the hand-over on the main thread is a message; before, all of it ran there. This
 * measures the holds and the CPU under load, in one process with the store alone (no HTTP, so every hold is the
 * store's):
 *
 *   BENCH_PGLOOP_DELIVERIES=20000   # deliveries of the ingest benchmark's mix, handed over 32 at a time
 *   BENCH_PGLOOP_IN_FLIGHT=32       # deliveries awaiting their commit at once (the ingest benchmark's connections)
 *
 * Reported: deliveries stored per second; the CPU per delivery of the main thread, of the whole process (its writer
 * thread included) and of PostgreSQL; the hand-over's synchronous part per delivery (p50, p99, max); the event loop's
 * delay (monitorEventLoopDelay, 1 ms resolution: p50, p99, max = its longest hold); and the same for the derivation
 * alone, run after the load (`catchUpAll`). Goal: no hold over 10 ms.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { CapturedDelivery } from '../src/main/core/delivery-record/delivery-record';
import { openStore } from '../src/main/core/store';
import { startTestPostgres } from '../test/support/postgres';
import { silentLogger } from '../src/main/core/logger';
import { benchSecret, generateDeliveries } from './generate';
import { machineBusyMs, threadCpuMs, waitForQuiet } from './machine';
import { cacheDir, positiveInt, resultsDir } from './scale';
import { quantile, table, type Figure } from './stats';
import { processTreeCpuMs } from './relay-receiver';

const holdGoalMs = 10;

function figure(metric: string, unit: Figure['unit'], value: number, goal: number | null = null, note?: string): Figure {
  return { metric, unit, median: value, min: value, max: value, runs: 1, goal, baseline: null, ...(note ? { note } : {}) };
}

/** The loop's delays while `work` runs, ms: p50, p99 and max (the longest the loop was held, give or take 1 ms). */
async function loopDelays<T>(
  work: () => Promise<T>,
  databasePid: number,
): Promise<{ result: T; p50: number; p99: number; max: number; cpuMs: number; mainCpuMs: number; databaseCpuMs: number; wallMs: number; othersShare: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const busy = machineBusyMs();
  const database = processTreeCpuMs(databasePid);
  const mainThread = () => threadCpuMs()[String(process.pid)] ?? NaN;
  const main = mainThread();
  const cpu = process.cpuUsage();
  const started = performance.now();
  histogram.enable();
  const result = await work();
  histogram.disable();
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - started;
  const databaseCpuMs = processTreeCpuMs(databasePid) - database;
  const ms = (ns: number) => ns / 1e6;
  // The rest of the machine: its busy time less this process's (PostgreSQL's backends count as others).
  const othersShare = busy === null ? NaN : (machineBusyMs()! - busy - (used.user + used.system) / 1000) / wallMs;
  return {
    result,
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
    cpuMs: (used.user + used.system) / 1000,
    mainCpuMs: mainThread() - main,
    databaseCpuMs,
    wallMs,
    othersShare,
  };
}

export async function runPgLoop(): Promise<string[]> {
  const count = positiveInt('BENCH_PGLOOP_DELIVERIES', 20_000);
  const inFlight = positiveInt('BENCH_PGLOOP_IN_FLIGHT', 32);
  mkdirSync(cacheDir, { recursive: true });
  const root = mkdtempSync(join(cacheDir, 'pgloop-'));
  // PostgreSQL runs as its own user, who must reach its data dir inside.
  chmodSync(root, 0o755);
  const cluster = await startTestPostgres(root);
  const deliveries: CapturedDelivery[] = [];
  for (const { raw, facts } of generateDeliveries(Math.ceil(count * 1.01))) {
    if (raw.method !== 'POST' || deliveries.length >= count) continue;
    deliveries.push({ raw, facts, response: { status: 200, body: '', reason: 'policy: default' }, secret: benchSecret });
  }
  const store = await openStore({ dataDir: root, url: cluster.url }, { role: 'receiver', log: silentLogger });
  try {
    await waitForQuiet();
    console.log(`PostgreSQL store: ${deliveries.length.toLocaleString('en')} deliveries of the mix, ${inFlight} awaiting their commit at once …`);
    const handOverUs: number[] = [];
    const load = await loopDelays(async () => {
      let next = 0;
      const sender = async () => {
        while (next < deliveries.length) {
          const delivery = deliveries[next++]!;
          const started = performance.now();
          const stored = store.storeDelivery(delivery);
          handOverUs.push((performance.now() - started) * 1000);
          await stored;
        }
      };
      await Promise.all(Array.from({ length: inFlight }, sender));
    }, cluster.pid);
    const derive = await loopDelays(() => store.derived.catchUpAll(), cluster.pid);
    handOverUs.sort((a, b) => a - b);
    const perDelivery = (ms: number) => (ms * 1000) / deliveries.length;
    const figures: Figure[] = [
      figure('stored, deliveries per second', 'req/s', deliveries.length / (load.wallMs / 1000)),
      figure('others while storing (PostgreSQL included), share of a core', '%', load.othersShare),
      figure('main thread CPU per delivery, storing (µs)', '', perDelivery(load.mainCpuMs)),
      figure("the serving process's CPU per delivery, storing, all its threads (µs)", '', perDelivery(load.cpuMs)),
      figure("PostgreSQL's CPU per delivery, storing (µs)", '', perDelivery(load.databaseCpuMs)),
      figure('hand-over per delivery, p50 (µs)', '', quantile(handOverUs, 0.5)),
      figure('hand-over per delivery, p99 (µs)', '', quantile(handOverUs, 0.99)),
      figure('hand-over per delivery, max', 'ms', handOverUs[handOverUs.length - 1]! / 1000, holdGoalMs),
      figure('event loop delay while storing, p50', 'ms', load.p50),
      figure('event loop delay while storing, p99', 'ms', load.p99),
      figure('event loop delay while storing, max (longest hold)', 'ms', load.max, holdGoalMs),
      figure('deriving the stored deliveries after the load', 's', derive.wallMs / 1000),
      figure('main thread CPU per delivery, deriving (µs)', '', perDelivery(derive.mainCpuMs)),
      figure("PostgreSQL's CPU per delivery, deriving (µs)", '', perDelivery(derive.databaseCpuMs)),
      figure('event loop delay while deriving, p99', 'ms', derive.p99),
      figure('event loop delay while deriving, max (longest hold)', 'ms', derive.max, holdGoalMs),
    ];
    console.log(table(figures));
    mkdirSync(resultsDir, { recursive: true });
    const result = { benchmark: 'pgloop', at: new Date().toISOString(), deliveries: deliveries.length, inFlight, figures };
    writeFileSync(join(resultsDir, 'latest-pgloop.json'), `${JSON.stringify(result, null, 2)}\n`);
    return figures.filter((f) => f.goal !== null && f.median > f.goal).map((f) => f.metric);
  } finally {
    await store.close();
    await cluster.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
