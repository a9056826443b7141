/**
 * Catch-up benchmark (the relay issue): a fresh laptop store pulls 100,000 deliveries a relay received while it
 * was away. The relay and its PostgreSQL cluster run here; the laptop's core in a child process of its own.
 *
 *   BENCH_CATCHUP=100000     # deliveries waiting on the relay
 *   BENCH_CATCHUP_RUNS=1     # timed catch-ups, each into a fresh data dir
 */
import Database from 'better-sqlite3';
import { chmodSync, mkdirSync, readdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createChannel, startRelay } from 'webhook-inspector-relay';
import { loadOrCreateCertificate } from '../src/main/core/receiver/tls';
import { startCore } from '../src/main/core/start-core';
import { startTestPostgres } from '../test/support/postgres';
import { Child, serveChild } from './children';
import { benchSecret, generateDeliveries } from './generate';
import { waitForQuiet } from './machine';
import { summarizeProfile } from './profile';
import { cacheDir, positiveInt, resultsDir } from './scale';
import { passes, spread, table, type Figure } from './stats';

const goalSeconds = 30;
const profileDir = join(resultsDir, 'profiles', `catchup-${new Date().toISOString().replace(/[:.]/g, '-')}`);

interface CoreArg {
  dir: string;
  relayUrl: string;
  token: string;
  fingerprint: string;
}

/** The laptop: a core pulling from the relay into its own store, counting what it stored when asked. */
export function catchupCoreChild(arg: string): Promise<void> {
  const { dir, relayUrl, token, fingerprint } = JSON.parse(arg) as CoreArg;
  return serveChild(async () => {
    const core = await startCore({
      dataDir: dir,
      httpsPort: 0,
      httpPort: null,
      uiPort: 0,
      simulator: false,
      secret: benchSecret,
      relay: { url: relayUrl, token, fingerprint },
    });
    const db = new Database(join(dir, 'inspector.sqlite3'), { readonly: true });
    const count = db.prepare("SELECT value FROM store_counts WHERE name = 'deliveries'");
    return {
      ready: { startedAt: Date.now() },
      handlers: {
        count: () => (count.get() as { value: number }).value,
        cpuMs: () => {
          const cpu = process.cpuUsage();
          return (cpu.user + cpu.system) / 1000;
        },
        stop: async () => {
          db.close();
          await core.close();
        },
      },
    };
  });
}

/** The generator's POSTs stored straight into the relay's table, as if received, 1,000 rows a statement. */
async function fillRelay(pool: pg.Pool, channelId: string, count: number): Promise<void> {
  let batch: unknown[][] = [];
  const flush = async () => {
    const columns = ['received_at', 'method', 'path', 'query', 'headers', 'body', 'body_truncated', 'remote_address', 'tls', 'response_status', 'response_reason'];
    const params: unknown[] = [];
    const rows = batch.map((row) => `($1, ${row.map((value) => `$${params.push(value) + 1}`).join(', ')})`);
    await pool.query(`INSERT INTO relay_deliveries (channel_id, ${columns.join(', ')}) VALUES ${rows.join(', ')}`, [channelId, ...params]);
    batch = [];
  };
  let stored = 0;
  for (const { raw } of generateDeliveries(Math.ceil(count * 1.01))) {
    if (raw.method !== 'POST') continue;
    batch.push([Date.now(), 'POST', `/c/bench${raw.path}`, '', JSON.stringify(raw.headers), Buffer.from(raw.body), false, '203.0.113.7', true, 200, 'policy: default']);
    if (++stored === count) break;
    if (batch.length === 1000) await flush();
  }
  if (batch.length) await flush();
}

export async function runCatchup(): Promise<string[]> {
  const count = positiveInt('BENCH_CATCHUP', 100_000);
  const runs = positiveInt('BENCH_CATCHUP_RUNS', 1);
  mkdirSync(cacheDir, { recursive: true });
  const root = mkdtempSync(join(cacheDir, 'catchup-'));
  // PostgreSQL runs as its own user, who must reach its data dir inside.
  chmodSync(root, 0o755);
  const cluster = await startTestPostgres(root);
  const certificate = await loadOrCreateCertificate(root);
  const relay = await startRelay({ store: cluster.url, https: { port: 0, cert: certificate.cert, key: certificate.key } });
  const pool = new pg.Pool({ connectionString: cluster.url, max: 2 });
  try {
    const { channel, token } = await createChannel(pool, 'bench', { keepDays: null, keepBytes: null });
    const filling = Date.now();
    await fillRelay(pool, channel.id, count);
    console.log(`Catch-up: ${count.toLocaleString('en')} deliveries stored on the relay in ${((Date.now() - filling) / 1000).toFixed(1)} s; ${runs} run(s) into a fresh store …`);
    const seconds: number[] = [];
    for (let run = 0; run < runs; run++) {
      const dir = join(root, `laptop-${run}`);
      mkdirSync(dir);
      await waitForQuiet();
      const started = Date.now();
      const laptop = await Child.start<{ startedAt: number }>('laptop core', '--catchup-core', {
        dir,
        relayUrl: relay.urls.https!,
        token,
        fingerprint: certificate.fingerprint,
      } satisfies CoreArg, process.env.BENCH_PROFILE === '1' ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []);
      let stored = 0;
      const deadline = Date.now() + 10 * 60_000;
      while ((stored = await laptop.call<number>('count')) < count && Date.now() < deadline) {
        await new Promise((tick) => setTimeout(tick, 100));
      }
      const elapsed = (Date.now() - started) / 1000;
      const laptopCpuMs = await laptop.call<number>('cpuMs');
      await laptop.stop();
      if (stored < count) throw new Error(`the laptop stored ${stored} of ${count} within 10 minutes`);
      seconds.push(elapsed);
      console.log(
        `  run ${run + 1}: ${count.toLocaleString('en')} pulled and stored in ${elapsed.toFixed(1)} s (${Math.round(count / elapsed).toLocaleString('en')} deliveries/s), core start included;` +
          ` the laptop's CPU ${((laptopCpuMs * 1000) / count).toFixed(0)} µs per delivery (${((laptopCpuMs / 1000 / elapsed) * 100).toFixed(0)} % of a core)`);
      rmSync(dir, { recursive: true, force: true });
    }
    if (process.env.BENCH_PROFILE === '1') {
      for (const file of readdirSync(profileDir)) console.log(summarizeProfile(join(profileDir, file), { items: count, itemName: 'delivery' }));
    }
    const figures: Figure[] = [
      { metric: `catch-up of ${count.toLocaleString('en')} deliveries into a fresh store`, unit: 's', ...spread(seconds), goal: goalSeconds, baseline: null },
    ];
    console.log(table(figures));
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, 'latest-catchup.json'), `${JSON.stringify({ at: new Date().toISOString(), count, figures }, null, 2)}\n`);
    return figures.filter((f) => passes(f) === false).map((f) => f.metric);
  } finally {
    await pool.end();
    await relay.close();
    await cluster.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
