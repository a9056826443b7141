/**
 * Arrival to screen (issue 7 section 2): from the receiver's 2xx to the row drawn in the UI, in Chromium, at an
 * even 50 deliveries/s. The inspector (startCore, as `serve` runs it, serving the built renderer) runs in a child
 * process; this process sends the signed deliveries over HTTPS keep-alive and drives Debian's Chromium with
 * playwright-core. A probe in the page (bench/arrival-probe.ts) times each row's arrival in the DOM and the frame
 * that draws it; the page's clock is mapped onto this process's by round trips.
 *
 *   BENCH_ARRIVAL_RATE=50          # deliveries per second, evenly paced (open loop)
 *   BENCH_ARRIVAL_SECONDS=10       # each timed run (at most 30)
 *   BENCH_ARRIVAL_RUNS=3           # timed runs, one after the other in the same page
 *   CHROMIUM_PATH=/usr/bin/chromium
 *
 * Needs the built renderer (out/renderer): built here with `electron-vite build` when it is missing or older
 * than src/renderer or src/shared.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { startCore } from '../src/main/core/start-core';
import { cpuDelta, descendantsCpuMs, probeScript, type ProbeData } from './arrival-probe';
import { Child, serveChild } from './children';
import { benchSecret, generateDeliveries } from './generate';
import { writeResults } from './ingest';
import { machineBusyMs, waitForQuiet } from './machine';
import { cacheDir, positiveInt } from './scale';
import { passes, quantile, spread, table, type Figure } from './stats';
import { browserViewport, chromiumArgs, chromiumExecutable } from '../test/support/chromium';

const goalP95Ms = 100;
const warmUpSeconds = 2;
/** After the last 2xx of a run, how long its rows may take to be drawn before they count as missing. */
const drainTimeoutMs = 10_000;
// As the browser tests launch it.
const viewport = browserViewport;

interface CoreArg {
  dir: string;
  rendererDir: string;
}

interface CoreReady {
  receiverPort: number;
  ui: string;
  pid: number;
}

interface CoreUsage {
  cpuMs: number;
  rssMb: number;
}

function coreUsage(): CoreUsage {
  const cpu = process.cpuUsage();
  return { cpuMs: (cpu.user + cpu.system) / 1000, rssMb: process.memoryUsage().rss / 2 ** 20 };
}

/** The inspector's process: startCore as `serve --no-simulator` runs it, with the bench secret and the built UI. */
export function arrivalCoreChild(arg: string): Promise<void> {
  const { dir, rendererDir } = JSON.parse(arg) as CoreArg;
  return serveChild(async () => {
    const core = await startCore({ dataDir: dir, httpsPort: 0, httpPort: null, uiPort: 0, simulator: false, secret: benchSecret, rendererDir });
    return {
      ready: { receiverPort: Number(new URL(core.urls.receiverHttps!).port), ui: core.urls.ui, pid: process.pid } satisfies CoreReady,
      handlers: {
        usage: () => coreUsage(),
        stop: async () => {
          const last = coreUsage();
          await core.close();
          return last;
        },
      },
    };
  });
}

/** This machine's clock: ms since the epoch, sub-ms (the same expression as in the page). */
const nodeNow = () => performance.timeOrigin + performance.now();

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** out/renderer, built first (`electron-vite build`, as `npm run build`) when missing or older than its sources. */
function ensureRenderer(): string {
  const dir = resolve('out/renderer');
  const index = join(dir, 'index.html');
  const sources = Math.max(newestMtime(resolve('src/renderer')), newestMtime(resolve('src/shared')));
  const why = !existsSync(index) ? 'is missing' : statSync(index).mtimeMs < sources ? 'is older than src/renderer or src/shared' : null;
  if (why) {
    console.log(`  out/renderer ${why}: building (electron-vite build) …`);
    const started = Date.now();
    const built = spawnSync(process.execPath, [resolve('node_modules/electron-vite/bin/electron-vite.js'), 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0 || !existsSync(index)) throw new Error('electron-vite build failed: the arrival benchmark needs the built renderer (npm run build)');
    console.log(`  built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  return dir;
}

interface Request {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** The generator's signed POSTs (GET probes left out), in its order. */
function buildPool(size: number): Request[] {
  const pool: Request[] = [];
  for (const { raw } of generateDeliveries(Math.ceil(size * 1.01) + 10)) {
    if (pool.length >= size) break;
    if (raw.method !== 'POST') continue;
    const headers = Object.fromEntries(raw.headers.filter(([name]) => !/^(connection|content-length)$/i.test(name)));
    pool.push({ path: raw.path, headers, body: Buffer.from(raw.body) });
  }
  return pool;
}

interface Sent {
  /** This process's clock: the request written, and its answer's status line and headers read (t0). */
  sentAt: number;
  t0: number;
  status: number;
  /** The stored row's id, from the receiver's X-Inspector-Delivery-Id. */
  id: number | null;
  error: string | null;
}

/** Open loop: request k leaves at start + k / rate, whatever the answers do; resolves once every one settled. */
function sendPaced(agent: Agent, port: number, requests: Request[], rate: number): Promise<Sent[]> {
  const sent: Sent[] = [];
  const intervalMs = 1000 / rate;
  const start = nodeNow() + 5;
  return new Promise((done) => {
    let settled = 0;
    let next = 0;
    const settle = (entry: Sent) => {
      sent.push(entry);
      if (++settled === requests.length) done(sent);
    };
    const send = (r: Request) => {
      const sentAt = nodeNow();
      const req = request(
        { agent, host: '127.0.0.1', port, method: 'POST', path: r.path, headers: { ...r.headers, 'Content-Length': r.body.byteLength } },
        (res) => {
          const t0 = nodeNow();
          const id = Number(res.headers['x-inspector-delivery-id']);
          res.resume();
          res.on('end', () => settle({ sentAt, t0, status: res.statusCode ?? 0, id: Number.isInteger(id) ? id : null, error: null }));
        },
      );
      req.on('error', (error) => settle({ sentAt, t0: NaN, status: 0, id: null, error: error.message }));
      req.end(r.body);
    };
    const tick = () => {
      const t = nodeNow();
      while (next < requests.length && start + next * intervalMs <= t) send(requests[next++]!);
      if (next < requests.length) setTimeout(tick, Math.max(0, start + next * intervalMs - nodeNow()));
    };
    setTimeout(tick, 5);
  });
}

interface Calibration {
  /** page clock − this process's clock, ms, from the round trip with the shortest time. */
  offset: number;
  /** That round trip, ms: the offset is known within half of it. */
  rtt: number;
}

async function calibrate(page: Page, rounds = 30): Promise<Calibration> {
  let best: Calibration = { offset: 0, rtt: Infinity };
  for (let i = 0; i < rounds; i++) {
    const before = nodeNow();
    const pageNow = (await page.evaluate('performance.timeOrigin + performance.now()')) as number;
    const after = nodeNow();
    if (after - before < best.rtt) best = { offset: pageNow - (before + after) / 2, rtt: after - before };
  }
  return best;
}

/** How "drawn" is timed: the row's paint as Element Timing reports it, or (where Chromium gives none) its frame done. */
type DrawnBy = 'presented' | 'painted';

async function drawnCount(page: Page, by: DrawnBy): Promise<number> {
  return (await page.evaluate(`window.__arrivalProbe.${by}.length`)) as number;
}

/** Waits until `count` rows were drawn, or the drain timeout. */
async function waitDrawn(page: Page, count: number, by: DrawnBy): Promise<void> {
  const deadline = Date.now() + drainTimeoutMs;
  while (Date.now() < deadline && (await drawnCount(page, by)) < count) await sleep(50);
  await sleep(100);
}

/** Each delivery's way to the screen, on this process's clock (ms). */
interface Trace {
  id: number;
  sentAt: number;
  t0: number;
  /** The first `deliveries.changed` whose latestId covers it, received by the page. */
  event: number;
  /** The `deliveries.list` call that brought it: asked, and its answer read. */
  asked: number;
  answered: number;
  inserted: number;
  /** The frame after its insertion: started (rAF), and its work on the main thread done. */
  frame: number;
  frameDone: number;
  /** Drawn: that frame presented (Element Timing's renderTime), or frameDone where Chromium reports no paint. */
  drawn: number;
}

/** One run's span on this process's clock and the CPU spent meanwhile. */
interface RunUsage {
  from: number;
  to: number;
  seconds: number;
  coreCpuMs: number;
  chromiumCpuMs: number;
  /** Chromium's CPU by process kind (renderer, gpu-process, browser, utility …), ms. */
  chromiumByKind: Record<string, number> | null;
  othersCpuMs: number;
  /** The page's main thread over the run (Chromium's Performance metrics), ms. */
  mainThread: MainThread;
  /** The list's scrollTop after the run (0: new rows were at the top, in view). */
  scrollTop: number;
}

interface RunResult extends Omit<RunUsage, 'from' | 'to'> {
  requests: number;
  answered2xx: number;
  non2xx: number;
  errors: number;
  drawn: number;
  missing: number[];
  traces: Trace[];
  longTasks: number;
  longTaskMs: number;
}

/** Time the page's main thread spent, ms (CDP Performance.getMetrics: TaskDuration, ScriptDuration, …). */
interface MainThread {
  tasks: number;
  script: number;
  styleAndLayout: number;
  layouts: number;
}

async function mainThreadNow(cdp: CDPSession): Promise<MainThread> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = Object.fromEntries(metrics.map(({ name, value }) => [name, value]));
  return {
    tasks: (m.TaskDuration ?? NaN) * 1000,
    script: (m.ScriptDuration ?? NaN) * 1000,
    styleAndLayout: ((m.RecalcStyleDuration ?? NaN) + (m.LayoutDuration ?? NaN)) * 1000,
    layouts: m.LayoutCount ?? NaN,
  };
}

function mainThreadDelta(a: MainThread, b: MainThread): MainThread {
  return { tasks: b.tasks - a.tasks, script: b.script - a.script, styleAndLayout: b.styleAndLayout - a.styleAndLayout, layouts: b.layouts - a.layouts };
}

function firstAtOrAfter<T>(sorted: T[], key: (item: T) => number, value: number): T | undefined {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(sorted[mid]!) < value) lo = mid + 1;
    else hi = mid;
  }
  return sorted[lo];
}

/** Joins what was sent with what the page saw, page times moved onto this process's clock. */
function traces(sent: Sent[], data: ProbeData, by: DrawnBy, toNode: (pageTime: number) => number): { traces: Trace[]; missing: number[] } {
  const sse = data.sse.map(([latestId, at]) => ({ latestId, at: toNode(at) })).sort((a, b) => a.at - b.at);
  // latestId only grows; keep the running maximum so the search below is on a sorted key.
  let most = -Infinity;
  const sseByCover = sse.map((e) => ({ cover: (most = Math.max(most, e.latestId)), at: e.at }));
  const fetchOf = new Map<number, { asked: number; answered: number }>();
  for (const f of [...data.fetches].sort((a, b) => a.read - b.read)) {
    for (const id of f.ids) if (!fetchOf.has(id)) fetchOf.set(id, { asked: toNode(f.started), answered: toNode(f.read) });
  }
  const inserted = new Map(data.inserted.map(([id, at]) => [id, toNode(at)]));
  const painted = new Map(data.painted.map(([id, raf, done]) => [id, { frame: toNode(raf), frameDone: toNode(done) }]));
  const presented = new Map(data.presented.map(([id, at]) => [id, toNode(at)]));
  const out: Trace[] = [];
  const missing: number[] = [];
  for (const s of sent) {
    if (s.id === null) continue;
    const p = painted.get(s.id);
    const ins = inserted.get(s.id);
    const drawn = by === 'presented' ? presented.get(s.id) : p?.frameDone;
    if (!p || ins === undefined || drawn === undefined) {
      missing.push(s.id);
      continue;
    }
    const f = fetchOf.get(s.id);
    out.push({
      id: s.id,
      sentAt: s.sentAt,
      t0: s.t0,
      event: firstAtOrAfter(sseByCover, (e) => e.cover, s.id)?.at ?? NaN,
      asked: f?.asked ?? NaN,
      answered: f?.answered ?? NaN,
      inserted: ins,
      frame: p.frame,
      frameDone: p.frameDone,
      drawn,
    });
  }
  return { traces: out, missing };
}

function sortedOf(values: number[]): Float64Array {
  return Float64Array.from(values.filter((v) => Number.isFinite(v))).sort();
}

function q(values: number[], at: number): number {
  return quantile(sortedOf(values), at);
}

/** The stages between the 2xx and the drawn row; they add up to the whole. */
const stages: Array<{ name: string; of: (t: Trace) => number }> = [
  { name: '2xx → deliveries.changed in the page', of: (t) => t.event - t.t0 },
  { name: 'event → deliveries.list asked (catch-up)', of: (t) => t.asked - t.event },
  { name: 'deliveries.list round trip (answer read)', of: (t) => t.answered - t.asked },
  { name: 'answer → row in the DOM (React commit)', of: (t) => t.inserted - t.answered },
  { name: 'row in the DOM → its frame done (main thread)', of: (t) => t.frameDone - t.inserted },
  { name: 'frame done → frame presented (drawn)', of: (t) => t.drawn - t.frameDone },
];

function figure(metric: string, unit: Figure['unit'], values: number[], extra: Partial<Figure> = {}): Figure {
  return { metric, unit, ...spread(values), goal: null, baseline: null, ...extra };
}

function share(ms: number, seconds: number): number {
  return ms / 1000 / seconds;
}

export async function runArrival(): Promise<string[]> {
  const rate = positiveInt('BENCH_ARRIVAL_RATE', 50);
  const seconds = positiveInt('BENCH_ARRIVAL_SECONDS', 10);
  const runs = positiveInt('BENCH_ARRIVAL_RUNS', 3);
  if (seconds > 30) throw new Error('an arrival run lasts at most 30 s');
  const executablePath = chromiumExecutable;
  if (!existsSync(executablePath)) throw new Error(`no Chromium at ${executablePath} (set CHROMIUM_PATH); a browser is never downloaded`);
  const started = Date.now();
  const loadBefore = loadavg()[0]!;
  console.log(`Arrival to screen: ${runs} runs × ${seconds} s at ${rate} deliveries/s (after ${warmUpSeconds} s of warm-up), Chromium ${executablePath} …`);
  const rendererDir = ensureRenderer();
  mkdirSync(cacheDir, { recursive: true });
  // On the project's disk, as the ingest benchmark: the store's fsyncs cost what they cost.
  const root = mkdtempSync(join(cacheDir, 'arrival-'));
  let core: Child<CoreReady> | null = null;
  let browser: Browser | null = null;
  const agent = new Agent({ keepAlive: true, maxSockets: 8, rejectUnauthorized: false });
  try {
    const perRun = Math.round(rate * seconds);
    const warmUp = Math.round(rate * warmUpSeconds);
    const pool = buildPool(warmUp + runs * perRun);
    core = await Child.start<CoreReady>('inspector', '--arrival-core', { dir: root, rendererDir } satisfies CoreArg);
    // Loaded here, not with the bundle: every child process of every benchmark starts from the same bundle.
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath, args: chromiumArgs, headless: true });
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.addInitScript(probeScript);
    await page.goto(core.ready.ui);
    // The Deliveries view, empty, with the live stream connected.
    await page.waitForSelector('[data-testid="live-indicator"][data-state="connected"]', { timeout: 20_000 });
    await page.waitForSelector('[data-testid="deliveries-empty"]', { timeout: 20_000 });
    const visibility = (await page.evaluate('document.visibilityState')) as string;
    const browserVersion = browser.version();
    const calibrationBefore = await calibrate(page);
    console.log(
      `  Chromium ${browserVersion}, page ${visibility}; page clock − this process's: ${calibrationBefore.offset.toFixed(2)} ms` +
        ` (round trip ${calibrationBefore.rtt.toFixed(2)} ms)`,
    );

    // Warm-up: the list appears (the empty view goes), code paths get compiled; not counted.
    const warmSent = await sendPaced(agent, core.ready.receiverPort, pool.slice(0, warmUp), rate);
    let expected = warmSent.filter((s) => s.id !== null).length;
    if (expected === 0) {
      const first = warmSent.find((s) => s.error !== null)?.error ?? `status ${warmSent[0]?.status}`;
      throw new Error(`the inspector stored none of the ${warmSent.length} warm-up deliveries (first answer: ${first})`);
    }
    await waitDrawn(page, expected, 'painted');
    const by: DrawnBy = (await drawnCount(page, 'presented')) > 0 ? 'presented' : 'painted';
    if (by === 'painted') console.log('  this Chromium reports no Element Timing: "drawn" is the row\'s frame done on the main thread');
    await waitDrawn(page, expected, by);

    const runSent: Sent[][] = [];
    const usage: RunUsage[] = [];
    for (let run = 0; run < runs; run++) {
      await waitForQuiet();
      const requests = pool.slice(warmUp + run * perRun, warmUp + (run + 1) * perRun);
      const coreBefore = await core.call<CoreUsage>('usage');
      const chromiumBefore = descendantsCpuMs(process.pid, [core.pid]);
      const mainBefore = await mainThreadNow(cdp);
      const selfBefore = process.cpuUsage();
      const busyBefore = machineBusyMs();
      const from = nodeNow();
      const sent = await sendPaced(agent, core.ready.receiverPort, requests, rate);
      expected += sent.filter((s) => s.id !== null).length;
      await waitDrawn(page, expected, by);
      const to = nodeNow();
      const busyAfter = machineBusyMs();
      const self = process.cpuUsage(selfBefore);
      const chromiumByKind = cpuDelta(chromiumBefore, descendantsCpuMs(process.pid, [core.pid]));
      const mainThread = mainThreadDelta(mainBefore, await mainThreadNow(cdp));
      const coreAfter = await core.call<CoreUsage>('usage');
      const coreCpuMs = coreAfter.cpuMs - coreBefore.cpuMs;
      const chromiumCpuMs = chromiumByKind === null ? NaN : Object.values(chromiumByKind).reduce((a, b) => a + b, 0);
      const selfMs = (self.user + self.system) / 1000;
      const othersCpuMs = busyBefore === null || busyAfter === null ? NaN : Math.max(0, busyAfter - busyBefore - coreCpuMs - chromiumCpuMs - selfMs);
      const scrollTop = (await page.evaluate(`document.querySelector('[data-testid="delivery-list"]')?.scrollTop ?? -1`)) as number;
      runSent.push(sent);
      usage.push({ seconds: (to - from) / 1000, coreCpuMs, chromiumCpuMs, chromiumByKind, othersCpuMs, mainThread, from, to, scrollTop });
    }
    const calibrationAfter = await calibrate(page);
    const data = (await page.evaluate('window.__arrivalProbe')) as ProbeData;
    const loaded = (await page.evaluate(`document.querySelector('[data-testid="delivery-list"]')?.dataset.loaded ?? '0'`)) as string;
    await browser.close();
    browser = null;
    const coreLast = await core.stop<CoreUsage>();
    core = null;

    // Page time → this process's time, the offset interpolated between the two calibrations (drift).
    const [c0, c1] = [calibrationBefore, calibrationAfter];
    const t0Cal = usage[0]?.from ?? nodeNow();
    const t1Cal = usage.at(-1)?.to ?? t0Cal;
    const toNode = (pageTime: number) => {
      const at = pageTime - c0.offset;
      const w = t1Cal > t0Cal ? Math.min(1, Math.max(0, (at - t0Cal) / (t1Cal - t0Cal))) : 0;
      return pageTime - (c0.offset + w * (c1.offset - c0.offset));
    };

    const results: RunResult[] = runSent.map((sent, i) => {
      const { from, to, ...measured } = usage[i]!;
      const joined = traces(sent, data, by, toNode);
      const longTasks = data.longTasks.filter(([at]) => toNode(at) >= from && toNode(at) <= to);
      return {
        ...measured,
        requests: sent.length,
        answered2xx: sent.filter((s) => s.status >= 200 && s.status < 300).length,
        non2xx: sent.filter((s) => s.status !== 0 && (s.status < 200 || s.status >= 300)).length,
        errors: sent.filter((s) => s.error !== null).length,
        drawn: joined.traces.length,
        missing: joined.missing,
        traces: joined.traces,
        longTasks: longTasks.length,
        longTaskMs: longTasks.reduce((n, [, d]) => n + d, 0),
      };
    });

    const chromiumKinds = [...new Set(results.flatMap((r) => Object.keys(r.chromiumByKind ?? {})))].sort();
    const perRunQ = (at: number, of: (t: Trace) => number = (t) => t.drawn - t.t0) => results.map((r) => q(r.traces.map(of), at));
    const all = results.flatMap((r) => r.traces);
    const figures: Figure[] = [
      figure(`arrival to screen p95 (2xx → row drawn) at ${rate}/s`, 'ms', perRunQ(0.95), { goal: goalP95Ms }),
      figure('arrival to screen p50', 'ms', perRunQ(0.5)),
      figure('arrival to screen p99', 'ms', perRunQ(0.99)),
      figure('arrival to screen max', 'ms', perRunQ(1)),
      figure('2xx → row in the DOM p95 (before its frame)', 'ms', perRunQ(0.95, (t) => t.inserted - t.t0)),
      ...stages.map((s) => figure(`  stage p95: ${s.name}`, 'ms', perRunQ(0.95, s.of))),
      figure('receiver ack p95 (request written → 2xx read)', 'ms', perRunQ(0.95, (t) => t.t0 - t.sentAt)),
      figure('2xx answered per run', '', results.map((r) => r.answered2xx)),
      figure('rows drawn per run', '', results.map((r) => r.drawn)),
      figure('rows not drawn + non-2xx + errors per run', '', results.map((r) => r.missing.length + r.non2xx + r.errors)),
      figure('page main-thread tasks > 50 ms per run', '', results.map((r) => r.longTasks)),
      figure('inspector process CPU (share of one core)', '%', results.map((r) => share(r.coreCpuMs, r.seconds))),
      figure('Chromium CPU, all its processes (share of one core)', '%', results.map((r) => share(r.chromiumCpuMs, r.seconds))),
      ...chromiumKinds.map((kind) =>
        figure(`  Chromium ${kind} process(es)`, '%', results.map((r) => share(r.chromiumByKind?.[kind] ?? 0, r.seconds))),
      ),
      figure('page main thread busy per delivery', 'ms', results.map((r) => r.mainThread.tasks / r.drawn)),
      figure('  of which script', 'ms', results.map((r) => r.mainThread.script / r.drawn)),
      figure('  of which style + layout', 'ms', results.map((r) => r.mainThread.styleAndLayout / r.drawn)),
      figure('other processes (share of one core)', '%', results.map((r) => share(r.othersCpuMs, r.seconds)), {
        note: 'CPU the machine spent outside the inspector, Chromium and the sender: above a few % the figures are disturbed',
      }),
    ];

    console.log(
      `\nArrival to screen (${cpus().length} cores; ${runs} runs of ${seconds} s at ${rate} deliveries/s, evenly paced over HTTPS keep-alive;` +
        ` Chromium ${browserVersion} headless, ${viewport.width}×${viewport.height}; load average ${loadBefore.toFixed(2)} before):`,
    );
    console.log(table(figures));
    const pooled = (of: (t: Trace) => number) => `p50 ${q(all.map(of), 0.5).toFixed(1)}, p95 ${q(all.map(of), 0.95).toFixed(1)}, p99 ${q(all.map(of), 0.99).toFixed(1)} ms`;
    console.log(`\nAll ${all.length} timed deliveries together: 2xx → drawn ${pooled((t) => t.drawn - t.t0)}, max ${q(all.map((t) => t.drawn - t.t0), 1).toFixed(1)} ms`);
    for (const s of stages) console.log(`  ${s.name.padEnd(46)} ${pooled(s.of)}`);
    const catchUps = data.fetches.filter((f) => f.afterId !== null);
    const rowsPerCatchUp = catchUps.length ? catchUps.reduce((n, f) => n + f.ids.length, 0) / catchUps.length : 0;
    console.log(
      `  deliveries.changed events received: ${data.sse.length}; deliveries.list calls: ${data.fetches.length} (${catchUps.length} catch-ups,` +
        ` ${rowsPerCatchUp.toFixed(2)} rows each on average); rows drawn in all: ${data[by].length}; rows loaded in the list: ${loaded}`,
    );
    const drift = c1.offset - c0.offset;
    console.log(
      `  Clocks: page − this process ${c0.offset.toFixed(2)} ms before, ${c1.offset.toFixed(2)} ms after (drift ${drift.toFixed(2)} ms, interpolated);` +
        ` each known within ±${(Math.max(c0.rtt, c1.rtt) / 2).toFixed(2)} ms. List scrollTop after each run: ${results.map((r) => r.scrollTop).join(', ')}.` +
        ` Inspector RSS at the end: ${coreLast.rssMb.toFixed(0)} MB.`,
    );

    const failed = figures.filter((f) => passes(f) === false).map((f) => f.metric);
    const notDrawn = results.reduce((n, r) => n + r.missing.length, 0);
    if (notDrawn > 0 || results.some((r) => r.answered2xx !== r.requests)) failed.push('every delivery answered 2xx and drawn');
    if (results.some((r) => r.scrollTop !== 0)) failed.push('the list stayed at the top');
    console.log(failed.length ? `\nArrival, missed goals: ${failed.join('; ')}` : '\nArrival: every goal met.');
    console.log(`Arrival took ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    writeResults('arrival', {
      benchmark: 'arrival',
      at: new Date().toISOString(),
      machine: { node: process.version, cpus: cpus().length, loadAverageBefore: loadBefore, chromium: browserVersion },
      settings: { rate, seconds, runs, warmUpSeconds, viewport, chromiumArgs, pageVisibility: visibility, drawnBy: by },
      figures,
      pooled: {
        deliveries: all.length,
        p50: q(all.map((t) => t.drawn - t.t0), 0.5),
        p95: q(all.map((t) => t.drawn - t.t0), 0.95),
        p99: q(all.map((t) => t.drawn - t.t0), 0.99),
        max: q(all.map((t) => t.drawn - t.t0), 1),
        stages: Object.fromEntries(stages.map((s) => [s.name, { p50: q(all.map(s.of), 0.5), p95: q(all.map(s.of), 0.95) }])),
      },
      runs: results.map(({ traces: runTraces, ...rest }) => ({ ...rest, latencies: runTraces.map((t) => Math.round((t.drawn - t.t0) * 100) / 100) })),
      clocks: { before: c0, after: c1 },
      events: { sse: data.sse.length, listCalls: data.fetches.length, catchUps: catchUps.length, rowsPerCatchUp },
      failed,
    });
    return failed;
  } catch (error) {
    core?.kill();
    throw error;
  } finally {
    agent.destroy();
    await browser?.close().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  }
}
