/**
 * Relay streams benchmark (issue 23 §8): many laptops' streams open on one channel while deliveries pour into it,
 * and what a normal sender on another channel, and a sender on that channel, wait for their 2xx meanwhile.
 * The relay and its PostgreSQL cluster run here; the streams and each sender in child processes of their own.
 *
 *   BENCH_STREAMS=500            # streams open on the busy channel
 *   BENCH_STREAMS_RATE=20        # deliveries/s into the busy channel, and the normal sender's rate on the quiet one
 *   BENCH_STREAMS_SECONDS=20     # the loaded run (bounded); the quiet run before it lasts half as long
 */
import { Agent, request } from 'node:https';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createChannel, startRelay } from 'webhook-inspector-relay';
import { loadOrCreateCertificate } from '../src/main/core/receiver/tls';
import { startTestPostgres } from '../test/support/postgres';
import { Child, serveChild } from './children';
import { machineBusyMs, waitForQuiet } from './machine';
import { cacheDir, positiveInt, resultsDir } from './scale';
import { quantile, table, type Figure } from './stats';

/** The issue's figures before the fix (same load: 500 streams, 20 deliveries/s). */
const before = { otherChannelP99Ms: 1046, busyChannelP99Ms: 2700 };

interface SenderArg {
  url: string;
  path: string;
  rate: number;
  seconds: number;
}

/** A sender's outcome per request: its time to a 200, ms, or why it failed. */
type Outcome = number | { failed: string };

/**
 * Sends one small delivery every 1/rate s whatever the answers do (open loop); each one's time to its 200, ms.
 * A first second at the same rate, not counted, opens its keep-alive connections, as a service keeps its own.
 */
export function streamsSenderChild(arg: string): Promise<void> {
  const { url, path, rate, seconds } = JSON.parse(arg) as SenderArg;
  const { hostname, port } = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 64, rejectUnauthorized: false });
  const send = (n: number) =>
    new Promise<Outcome>((resolve) => {
      const body = JSON.stringify({ id: `evt_${n}`, type: 'payout.updated', data: { n, pad: 'x'.repeat(700) } });
      const started = performance.now();
      const req = request({ host: hostname, port, path, method: 'POST', agent, headers: { 'Content-Type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : { failed: `answered ${res.statusCode}` }));
      });
      req.on('error', (error: Error & { code?: string }) => resolve({ failed: error.code ?? error.message }));
      req.end(body);
    });
  return serveChild(async () => ({
    ready: null,
    handlers: {
      run: async () => {
        const answers: Array<Promise<Outcome>> = [];
        const started = performance.now();
        for (let n = 0; n < rate * (seconds + 1); n++) {
          const due = started + (n * 1000) / rate;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((tick) => setTimeout(tick, wait));
          answers.push(send(n));
        }
        return (await Promise.all(answers)).slice(rate);
      },
      stop: () => agent.destroy(),
    },
  }));
}

interface ReadersArg {
  url: string;
  token: string;
  streams: number;
}

/** Opens the streams and counts the deliveries each receives. */
export function streamsReadersChild(arg: string): Promise<void> {
  const { url, token, streams } = JSON.parse(arg) as ReadersArg;
  const { hostname, port } = new URL(url);
  const counts = new Array<number>(streams).fill(0);
  const open: Array<ReturnType<typeof request>> = [];
  const marker = 'event: delivery\n';
  return serveChild(async () => {
    await Promise.all(
      counts.map(
        (_, index) =>
          new Promise<void>((resolve, reject) => {
            const req = request(
              { host: hostname, port, path: '/relay/v1/stream?after=0:0', headers: { Authorization: `Bearer ${token}` }, rejectUnauthorized: false, agent: false },
              (res) => {
                if (res.statusCode !== 200) return reject(new Error(`stream ${index}: ${res.statusCode}`));
                let carry = '';
                res.setEncoding('utf8');
                res.on('data', (chunk: string) => {
                  const text = carry + chunk;
                  counts[index]! += text.split(marker).length - 1;
                  carry = text.slice(-(marker.length - 1));
                });
                resolve();
              },
            );
            req.on('error', reject);
            req.end();
            open.push(req);
          }),
      ),
    );
    return {
      ready: null,
      handlers: {
        counts: () => {
          const cpu = process.cpuUsage();
          return { min: Math.min(...counts), max: Math.max(...counts), cpuMs: (cpu.user + cpu.system) / 1000 };
        },
        stop: () => {
          for (const req of open) req.destroy();
        },
      },
    };
  });
}

function answered(outcomes: Outcome[]): number[] {
  return outcomes.filter((o): o is number => typeof o === 'number').sort((a, b) => a - b);
}

function latencyFigures(label: string, outcomes: Outcome[], baseline: number | null, baselineNote: string): Figure[] {
  const ok = answered(outcomes);
  const failures = outcomes.flatMap((o) => (typeof o === 'number' ? [] : [o.failed]));
  const note = `${ok.length} answered 200${failures.length ? `; ${failures.length} failed (${[...new Set(failures)].join(', ')})` : ''}`;
  if (failures.length) console.log(`  ${label}: ${note}`);
  return [
    { metric: `${label}: p50`, unit: 'ms', median: quantile(ok, 0.5), min: ok[0] ?? NaN, max: ok.at(-1) ?? NaN, runs: 1, goal: null, baseline: null, note },
    { metric: `${label}: p99`, unit: 'ms', median: quantile(ok, 0.99), min: ok[0] ?? NaN, max: ok.at(-1) ?? NaN, runs: 1, goal: null, baseline, baselineNote, note },
  ];
}

export async function runStreams(): Promise<string[]> {
  const streams = positiveInt('BENCH_STREAMS', 500);
  const rate = positiveInt('BENCH_STREAMS_RATE', 20);
  const seconds = positiveInt('BENCH_STREAMS_SECONDS', 20);
  const quietSeconds = Math.max(5, Math.round(seconds / 2));
  mkdirSync(cacheDir, { recursive: true });
  const root = mkdtempSync(join(cacheDir, 'streams-'));
  // PostgreSQL runs as its own user, who must reach its data dir inside.
  chmodSync(root, 0o755);
  const cluster = await startTestPostgres(root);
  const certificate = await loadOrCreateCertificate(root);
  const relay = await startRelay({ store: cluster.url, https: { port: 0, cert: certificate.cert, key: certificate.key }, maxStreamsPerToken: streams });
  const pool = new pg.Pool({ connectionString: cluster.url, max: 2 });
  const children: Child[] = [];
  const sender = async (path: string, runSeconds: number) => {
    const child = await Child.start('sender', '--streams-sender', { url: relay.urls.https!, path, rate, seconds: runSeconds } satisfies SenderArg);
    children.push(child);
    return child;
  };
  try {
    const { token } = await createChannel(pool, 'busy', { keepDays: null, keepBytes: null });
    await createChannel(pool, 'quiet', { keepDays: null, keepBytes: null });

    await waitForQuiet();
    console.log(`Streams: the quiet relay first, a normal sender at ${rate}/s for ${quietSeconds} s …`);
    const quietSender = await sender('/c/quiet/hooks', quietSeconds);
    const quiet = await quietSender.call<Outcome[]>('run');
    await quietSender.stop();

    console.log(`  then ${streams} streams open on one channel, ${rate} deliveries/s into it and ${rate}/s on another, for ${seconds} s …`);
    const readers = await Child.start('streams', '--streams-readers', { url: relay.urls.https!, token, streams } satisfies ReadersArg);
    children.push(readers);
    const deadline = Date.now() + 60_000;
    while (relay.streamStats().live < streams && Date.now() < deadline) await new Promise((tick) => setTimeout(tick, 100));
    if (relay.streamStats().live < streams) throw new Error(`only ${relay.streamStats().live} of ${streams} streams live within a minute`);
    const [busySender, otherSender] = [await sender('/c/busy/hooks', seconds), await sender('/c/quiet/hooks', seconds)];
    await waitForQuiet();
    const readersCpuBefore = (await readers.call<{ cpuMs: number }>('counts')).cpuMs;
    const readsBefore = relay.streamStats().sharedReads;
    const cpuBefore = process.cpuUsage();
    const started = Date.now();
    const machineBefore = machineBusyMs();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const [busy, other] = await Promise.all([busySender.call<Outcome[]>('run'), otherSender.call<Outcome[]>('run')]);
    const machineShare = machineBefore === null ? null : (machineBusyMs()! - machineBefore) / (Date.now() - started);
    loopDelay.disable();
    const delivered = answered(busy).length;
    let received = { min: 0, max: 0, cpuMs: 0 };
    const fanOutDeadline = Date.now() + 30_000;
    while ((received = await readers.call<typeof received>('counts')).min < delivered && Date.now() < fanOutDeadline) {
      await new Promise((tick) => setTimeout(tick, 100));
    }
    const elapsed = (Date.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const sharedReads = relay.streamStats().sharedReads - readsBefore;
    for (const child of [busySender, otherSender, readers]) await child.stop();
    children.length = 0;

    const quietP99 = quantile(answered(quiet), 0.99);
    const figures: Figure[] = [
      ...latencyFigures('quiet relay, normal sender', quiet, null, ''),
      ...latencyFigures(`${streams} streams: normal sender on another channel`, other, before.otherChannelP99Ms, 'issue 23, before'),
      ...latencyFigures(`${streams} streams: sender on the streamed channel`, busy, before.busyChannelP99Ms, 'issue 23, before'),
    ];
    console.log(table(figures));
    console.log(
      `  quiet p99 ${quietP99.toFixed(1)} ms. ${delivered} deliveries into the streamed channel: every stream received ${received.min}–${received.max} of them;` +
        ` ${sharedReads} shared reads (${(sharedReads / Math.max(1, delivered)).toFixed(2)} per delivery, for ${streams} streams);` +
        ` the relay's process used ${(((cpu.user + cpu.system) / 1000 / 1000 / elapsed) * 100).toFixed(0)} % of a core,` +
        ` its event loop's delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms (max ${(loopDelay.max / 1e6).toFixed(0)} ms),` +
        ` the streams' reader ${(((received.cpuMs - readersCpuBefore) / 1000 / elapsed) * 100).toFixed(0)} %,` +
        ` the whole machine ${machineShare === null ? '?' : (machineShare * 100).toFixed(0)} % (of 200 %: the streams' reader, the senders, PostgreSQL and anything else running).`,
    );
    if (received.min < delivered) throw new Error(`a stream received ${received.min} of ${delivered} deliveries within 30 s of the end`);
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      join(resultsDir, 'latest-streams.json'),
      `${JSON.stringify({ at: new Date().toISOString(), streams, rate, seconds, quietSeconds, delivered, sharedReads, figures }, null, 2)}\n`,
    );
    return [];
  } finally {
    for (const child of children) child.kill();
    await pool.end();
    await relay.close();
    await cluster.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
