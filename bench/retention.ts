/**
 * Retention under load (issue 18 item 3): a store of BENCH_RETENTION_ROWS deliveries (default 100,000) receives an
 * evenly paced 500/s over HTTPS; p99 ack without pruning, then while a size limit prunes half the store, side by
 * side (alternating, BENCH_RETENTION_ROUNDS rounds). The core runs in this process, as in the integration tests:
 * the load's own CPU is in both columns alike.
 *
 *   BENCH_RETENTION_ROWS=100000   BENCH_RETENTION_RATE=500   BENCH_RETENTION_SECONDS=10   BENCH_RETENTION_ROUNDS=2
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore } from '../src/main/core/start-core';
import type { CoreStatus } from '../src/shared/contract';
import type { RetentionLimits } from '../src/shared/retention';
import { numberedBody, SignedLoad } from '../test/support/signed-load';
import { buildStore } from './build-store';
import { benchSecret } from './generate';
import { machineBusyMs } from './machine';
import { positiveInt } from './scale';
import { quantile } from './stats';

const allowedP99IncreaseMs = 2;

async function timedRun(dir: string, limits: RetentionLimits | null, rate: number, seconds: number, firstIndex: number) {
  // The store's own secret: another would have the core analyse every stored delivery again as it starts.
  const core = await startCore({ dataDir: dir, httpsPort: 0, uiPort: 0, simulator: false, secret: benchSecret });
  const token = new URL(core.urls.ui).searchParams.get('token')!;
  const call = async (name: string, input: unknown) => {
    const res = await fetch(`${core.urls.uiOrigin}/rpc/${name}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
    return (await res.json()) as CoreStatus;
  };
  try {
    const before = await call('status.get', {});
    const busyBefore = machineBusyMs();
    const cpuBefore = process.cpuUsage();
    const load = new SignedLoad({ url: `${core.urls.receiverHttps}/webhooks`, secret: benchSecret, ratePerSecond: rate, connections: 8, count: rate * seconds, firstIndex, body: (n) => numberedBody(n) });
    load.start();
    if (limits) await call('settings.setRetention', limits);
    const outcome = await load.done();
    const after = await call('status.get', {});
    const cpu = process.cpuUsage(cpuBefore);
    const busy = busyBefore === null ? null : machineBusyMs()! - busyBefore;
    const sorted = [...outcome.latenciesMs].sort((a, b) => a - b);
    return {
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      non2xx: outcome.sent - outcome.acknowledged.length,
      pruned: after.retention.pruned.count - before.retention.pruned.count,
      othersCpuMs: busy === null ? null : Math.max(0, busy - (cpu.user + cpu.system) / 1000),
    };
  } finally {
    await call('settings.setRetention', { keepDays: null, keepBytes: null }).catch(() => {});
    await core.close();
  }
}

export async function runRetention(): Promise<string[]> {
  const rows = positiveInt('BENCH_RETENTION_ROWS', 100_000);
  const rate = positiveInt('BENCH_RETENTION_RATE', 500);
  const seconds = positiveInt('BENCH_RETENTION_SECONDS', 10);
  const rounds = positiveInt('BENCH_RETENTION_ROUNDS', 2);
  const root = mkdtempSync(join(tmpdir(), 'bench-retention-'));
  // The core's workers and timers are unref'd: between runs nothing else keeps this process alive.
  const keepAlive = setInterval(() => {}, 1_000);
  try {
    const built = join(root, 'built.sqlite3');
    const stats = await buildStore(built, rows, () => {});
    console.log(`store: ${rows} deliveries, ${(stats.rawBytes / 2 ** 20).toFixed(1)} MiB of bodies and headers`);
    const missed: string[] = [];
    const without: number[] = [];
    const withPruning: number[] = [];
    let index = 0;
    for (let round = 1; round <= rounds; round++) {
      for (const pruning of [false, true]) {
        // A fresh copy each run: every pruning run removes the same half.
        const dir = join(root, `run-${round}-${pruning}`);
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
        copyFileSync(built, join(dir, 'inspector.sqlite3'));
        const limits = pruning ? { keepDays: null, keepBytes: Math.floor(stats.rawBytes / 2) } : null;
        const r = await timedRun(dir, limits, rate, seconds, index);
        index += rate * seconds;
        console.log(
          `round ${round} ${pruning ? 'pruning   ' : 'no pruning'}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ` +
            `pruned ${r.pruned}, not 2xx ${r.non2xx}, others' CPU ${r.othersCpuMs === null ? '?' : `${Math.round(r.othersCpuMs)} ms`}`,
        );
        if (r.non2xx > 0) missed.push(`round ${round}: ${r.non2xx} deliveries not answered 2xx`);
        (pruning ? withPruning : without).push(r.p99);
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const worst = (xs: number[]) => Math.max(...xs);
    console.log(`p99 ack at ${rate}/s: without pruning ${worst(without).toFixed(1)} ms, while pruning ${worst(withPruning).toFixed(1)} ms (worst of ${rounds})`);
    if (worst(withPruning) > worst(without) + allowedP99IncreaseMs) {
      missed.push(`p99 while pruning ${worst(withPruning).toFixed(1)} ms > ${worst(without).toFixed(1)} ms + ${allowedP99IncreaseMs} ms`);
    }
    return missed;
  } finally {
    clearInterval(keepAlive);
    rmSync(root, { recursive: true, force: true });
  }
}
