/**
 * Import memory (issue 39 §4): a 450 MB NDJSON export and a 450 MB HAR file uploaded to a server
 * (POST /transfer/import), each into a core of its own in a child process (SQLite, its writer thread), whose RSS
 * is sampled every 20 ms from /proc while it imports. The figure is the peak less the RSS before the upload.
 * Goal: within +150 MB. The files, generated once into bench/.cache, hold what the finding used and worse: one
 * delivery of a 150 MiB body (over the 1 MiB limit, skipped), a hundred of just under 1 MiB (kept), and thousands
 * of ordinary ones of 16 KiB.
 *
 *   BENCH_IMPORT_MEMORY_RUNS=1      # runs per format
 *   BENCH_IMPORT_MEMORY_MB=450      # size of each file
 */
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { once } from 'node:events';
import { startCore } from '../src/main/core/start-core';
import { Child, serveChild } from './children';
import { benchSecret } from './generate';
import { writeResults } from './ingest';
import { machineBusyMs, waitForQuiet } from './machine';
import { cacheDir, positiveInt } from './scale';
import { passes, spread, table, type Figure } from './stats';

const goalMb = 150;
/** What the finding measured before: 271 → 1,351 MiB importing an NDJSON line of a 150 MiB body. */
const findingMb = (1351 - 271) * 1.048576;

interface CoreReady {
  ui: string;
  pid: number;
}

/** The server: a core on a fresh data dir, as `serve` starts it. */
export function importMemoryCoreChild(arg: string): Promise<void> {
  const { dir } = JSON.parse(arg) as { dir: string };
  return serveChild(async () => {
    const core = await startCore({ dataDir: dir, httpsPort: 0, httpPort: null, uiPort: 0, simulator: false, secret: benchSecret });
    // What of the process's memory is the JavaScript heap and what Buffers: their peaks, for the run's line.
    const peaks = { heapTotal: 0, external: 0, arrayBuffers: 0 };
    setInterval(() => {
      const now = process.memoryUsage();
      peaks.heapTotal = Math.max(peaks.heapTotal, now.heapTotal);
      peaks.external = Math.max(peaks.external, now.external);
      peaks.arrayBuffers = Math.max(peaks.arrayBuffers, now.arrayBuffers);
    }, 20).unref();
    return {
      ready: { ui: core.urls.ui, pid: process.pid } satisfies CoreReady,
      handlers: {
        peaks: () => {
          const mb = (n: number) => Math.round(n / 2 ** 20);
          const now = process.memoryUsage();
          const result = { heapTotal: mb(peaks.heapTotal), external: mb(peaks.external), arrayBuffers: mb(peaks.arrayBuffers), heapTotalNow: mb(now.heapTotal) };
          peaks.heapTotal = peaks.external = peaks.arrayBuffers = 0;
          return result;
        },
        stop: async () => {
          await core.close();
          return null;
        },
      },
    };
  });
}

/** A body of `size` bytes: JSON, as the service sends. */
function body(size: number, n: number): Buffer {
  const head = `{"event":"payout.paid","n":${n},"pad":"`;
  return Buffer.from(head + 'x'.repeat(Math.max(0, size - head.length - 2)) + '"}');
}

/** The deliveries each file holds, in order: about `totalMb` of them as written (`written`: a body's bytes in the file). */
function* deliveries(totalMb: number, written_: (bodyBytes: number) => number): Generator<Buffer> {
  const target = totalMb * 1e6;
  let written = 0;
  let n = 0;
  const next = (b: Buffer) => {
    written += written_(b.length) + 300;
    n += 1;
    return b;
  };
  for (let i = 0; i < 50; i++) yield next(body(16 * 1024, n));
  yield next(body(150 * 1024 * 1024, n));
  for (let i = 0; i < 100; i++) yield next(body(1024 * 1024 - 100, n));
  while (written < target) yield next(body(16 * 1024, n));
}

const at = (n: number) => new Date(1_700_000_000_000 + n).toISOString();

async function write(file: string, parts: Iterable<string | Buffer>): Promise<void> {
  const out = createWriteStream(`${file}.partial`);
  for (const part of parts) if (!out.write(part)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  renameSync(`${file}.partial`, file);
}

function* ndjson(totalMb: number): Generator<string> {
  let n = 0;
  for (const b of deliveries(totalMb, (bytes) => Math.ceil(bytes / 3) * 4)) {
    yield JSON.stringify({ receivedAt: at(n++), method: 'POST', path: '/webhooks', headers: [['Content-Type', 'application/json']], bodyBase64: b.toString('base64') }) + '\n';
  }
}

function* har(totalMb: number): Generator<string> {
  yield '{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":[';
  let n = 0;
  for (const b of deliveries(totalMb, (bytes) => bytes)) {
    const entry = {
      startedDateTime: at(n),
      request: { method: 'POST', url: 'https://127.0.0.1:8443/webhooks', headers: [{ name: 'Content-Type', value: 'application/json' }], postData: { mimeType: 'application/json', text: b.toString('utf8') } },
      response: { status: 200, content: { text: '{"received":true}' } },
    };
    yield (n++ === 0 ? '' : ',') + JSON.stringify(entry);
  }
  yield ']}}';
}

async function ensureFile(name: string, totalMb: number, parts: (mb: number) => Iterable<string>): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, `import-memory-${totalMb}mb.${name}`);
  if (!existsSync(file)) {
    console.log(`  writing ${file} …`);
    await write(file, parts(totalMb));
  }
  return file;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** POSTs the file as a browser sends a File (its size first), as the core's own user. */
function upload(ui: string, file: string, name: string): Promise<{ status: number; body: string }> {
  const url = new URL(ui);
  const token = url.searchParams.get('token')!;
  return new Promise((resolve, reject) => {
    const req = request(`${url.origin}/transfer/import?name=${name}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream', 'Content-Length': statSync(file).size },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
}

interface Run {
  format: string;
  baseMb: number;
  peakMb: number;
  seconds: number;
  othersShare: number;
  /** The process's JavaScript heap and Buffers, before and at their peaks. */
  heap: string;
  answer: string;
}

async function measure(format: string, file: string): Promise<Run> {
  const dir = mkdtempSync(join(cacheDir, 'import-memory-'));
  const core = await Child.start<CoreReady>('core', '--import-memory-core', { dir });
  try {
    // Settled: what the started core holds before any upload.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const baseMb = rssMb(core.ready.pid);
    const before = await core.call<Record<string, number>>('peaks');
    let peakMb = baseMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(core.ready.pid))), 20);
    const busyBefore = machineBusyMs();
    const started = Date.now();
    const answer = await upload(core.ready.ui, file, `bench.${format}`);
    const ms = Date.now() - started;
    clearInterval(sampler);
    peakMb = Math.max(peakMb, rssMb(core.ready.pid));
    const during = await core.call<Record<string, number>>('peaks');
    const heap = `heap ${before.heapTotal} → ${during.heapTotal} MiB, Buffers ${before.arrayBuffers} → ${during.arrayBuffers} MiB at most`;
    const busyAfter = machineBusyMs();
    const othersShare = busyBefore === null || busyAfter === null ? 0 : Math.max(0, (busyAfter - busyBefore) / ms - 1);
    if (answer.status !== 200) throw new Error(`the ${format} upload answered ${answer.status}: ${answer.body}`);
    const result = JSON.parse(answer.body) as { imported: number; skipped: number; errors: string[] };
    return { format, baseMb, peakMb, seconds: ms / 1000, othersShare, heap, answer: `imported ${result.imported}, skipped ${result.skipped} (${result.errors.join('; ')})` };
  } finally {
    await core.call('stop');
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runImportMemory(): Promise<string[]> {
  const runs = positiveInt('BENCH_IMPORT_MEMORY_RUNS', 1);
  const totalMb = positiveInt('BENCH_IMPORT_MEMORY_MB', 450);
  const files = { ndjson: await ensureFile('ndjson', totalMb, ndjson), har: await ensureFile('har', totalMb, har) };
  console.log(`Import memory: ${totalMb} MB files uploaded to a server, ${runs} run(s) each (NDJSON ${(statSync(files.ndjson).size / 1e6).toFixed(0)} MB, HAR ${(statSync(files.har).size / 1e6).toFixed(0)} MB) …`);
  const all: Run[] = [];
  for (let run = 0; run < runs; run++) {
    for (const format of ['ndjson', 'har'] as const) {
      await waitForQuiet();
      const r = await measure(format, files[format]);
      all.push(r);
      console.log(
        `  ${format} run ${run + 1}: RSS ${r.baseMb.toFixed(0)} → peak ${r.peakMb.toFixed(0)} MB (+${(r.peakMb - r.baseMb).toFixed(0)}), ${r.seconds.toFixed(1)} s (${r.heap}); others ${(r.othersShare * 100).toFixed(0)} % of a core; ${r.answer}`,
      );
    }
  }
  const figures: Figure[] = (['ndjson', 'har'] as const).map((format) => ({
    metric: `${format === 'ndjson' ? 'NDJSON' : 'HAR'} upload of ${totalMb} MB: server RSS peak over its start`,
    unit: 'MB',
    ...spread(all.filter((r) => r.format === format).map((r) => r.peakMb - r.baseMb)),
    goal: goalMb,
    baseline: format === 'ndjson' ? findingMb : null,
    baselineNote: format === 'ndjson' ? 'issue 39: 271 → 1,351 MiB' : undefined,
  }));
  console.log(table(figures));
  writeResults('import-memory', { at: new Date().toISOString(), totalMb, runs: all, figures });
  return figures.filter((f) => passes(f) === false).map((f) => `${f.metric}: ${f.median.toFixed(0)} MB (goal ≤ ${f.goal} MB)`);
}
