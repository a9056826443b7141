/**
 * Scale benchmark (issue 7 section 3, issue 4 "Performance"): builds (or reuses) a store of N deliveries made
 * through the ingest path, then measures the queries the UI makes in a fresh child process.
 *
 *   BENCH_SCALE=100000   # N (default 1,000,000)
 *   BENCH_RUNS=15        # timed runs per query
 *   BENCH_REBUILD=1      # ignore the cached store
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { analyzerVersion } from '../src/main/core/analysis/version';
import { migrations } from '../src/main/core/store/sqlite/migrations';
import { buildStore, type BuildStats } from './build-store';
import { generatorVersion } from './generate';
import { measure, type MeasureOutput } from './measure';
import { measureSearchIndexing } from './search-cost';
import { measureStreamedSearch } from './streamed-search';
import { passes, table } from './stats';

export const benchDir = resolve('bench');
export const cacheDir = join(benchDir, '.cache');
export const resultsDir = join(benchDir, 'results');

export function positiveInt(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text.replace(/_/g, ''));
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${text}`);
  return value;
}

export interface CachedStore {
  file: string;
  build: BuildStats;
  reused: boolean;
}

export async function ensureStore(scale: number): Promise<CachedStore> {
  const key = createHash('sha256')
    .update(JSON.stringify({ generatorVersion, scale, schema: migrations.length, analyzerVersion }))
    .digest('hex')
    .slice(0, 12);
  const dir = join(cacheDir, `store-${scale}-${key}`);
  const file = join(dir, 'store.sqlite3');
  const metaFile = join(dir, 'build.json');
  mkdirSync(cacheDir, { recursive: true });
  if (process.env.BENCH_REBUILD !== '1' && existsSync(metaFile) && existsSync(file)) {
    return { file, build: JSON.parse(readFileSync(metaFile, 'utf8')) as BuildStats, reused: true };
  }
  // Build into a fresh temp data dir next to the cache, then move it in place: a killed build leaves no cache.
  rmSync(dir, { recursive: true, force: true });
  for (const stale of readdirSync(cacheDir).filter((name) => name.startsWith(`building-${scale}-${key}-`))) {
    rmSync(join(cacheDir, stale), { recursive: true, force: true });
  }
  const tempDir = join(cacheDir, `building-${scale}-${key}-${process.pid}`);
  mkdirSync(tempDir, { recursive: true });
  console.log(`Building a store of ${scale.toLocaleString('en')} deliveries (cache key ${key}) …`);
  let lastReport = Date.now();
  const build = await buildStore(join(tempDir, 'store.sqlite3'), scale, (done) => {
    if (Date.now() - lastReport >= 10_000 || done === scale) {
      lastReport = Date.now();
      console.log(`  ${done.toLocaleString('en')} / ${scale.toLocaleString('en')}`);
    }
  });
  writeFileSync(join(tempDir, 'build.json'), JSON.stringify(build, null, 2));
  renameSync(tempDir, dir);
  return { file, build, reused: false };
}

function mb(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(0)} MiB`;
}

/** The measuring child: a fresh process, so its RSS is what the core holds for the store and the queries. */
export async function measureChild(arg: string): Promise<void> {
  const input = JSON.parse(arg) as Parameters<typeof measure>[0];
  const output = measure(input);
  process.stderr.write('  streamed search of a rare word …\n');
  output.figures.push(...(await measureStreamedSearch(input.file, input.runs)));
  process.stdout.write(JSON.stringify(output));
}

/** Scale benchmark (issue 7 section 3); returns the goals it missed. */
export async function runScale(): Promise<string[]> {
  const scale = positiveInt('BENCH_SCALE', 1_000_000);
  const runs = positiveInt('BENCH_RUNS', 15);
  mkdirSync(resultsDir, { recursive: true });
  const store = await ensureStore(scale);
  const { build } = store;
  console.log(
    store.reused
      ? `Reusing the cached store (${store.file}); it was built in ${build.seconds.toFixed(0)} s, ${build.rowsPerSecond.toFixed(0)} rows/s.`
      : `Built in ${build.seconds.toFixed(1)} s: ${build.rowsPerSecond.toFixed(0)} rows/s through buildDeliveryRecord and the bulk writer.`,
  );

  console.log('Measuring in a fresh process …');
  const child = spawnSync(process.execPath, [process.argv[1]!, '--scale-measure', JSON.stringify({ file: store.file, rawBytes: build.rawBytes, runs })], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 2 ** 20,
    timeout: 30 * 60_000,
  });
  if (child.status !== 0) throw new Error(`the measuring process failed (status ${child.status}, ${child.signal ?? 'no signal'})`);
  const result = JSON.parse(child.stdout) as MeasureOutput;
  console.log('Measuring what the search index adds to ingest …');
  result.figures.push(...measureSearchIndexing(store.file, cacheDir));

  console.log(`\nScale: ${scale.toLocaleString('en')} deliveries, ${result.counts.lifecycles!.toLocaleString('en')} lifecycles, ` +
    `${result.counts.orders!.toLocaleString('en')} orders, ${result.counts.duplicateGroups!.toLocaleString('en')} duplicate groups`);
  console.log(table(result.figures));
  const notes = result.figures.filter((f) => f.note).map((f) => `  ${f.metric}: ${f.note}`);
  if (notes.length) console.log(`\nNotes:\n${notes.join('\n')}`);
  console.log(`\nMix: forms ${JSON.stringify(result.mix.forms)}; signatures ${JSON.stringify(result.mix.signatures)}`);
  console.log(`\nStore ${mb(result.sizes.storeBytes)} for ${mb(result.sizes.rawBytes)} raw; largest objects (pages / record payload / unused in pages):`);
  for (const o of result.sizes.byObject.slice(0, 10)) {
    console.log(`  ${o.name.padEnd(36)} ${mb(o.bytes).padStart(9)} ${mb(o.payload).padStart(9)} ${mb(o.unused).padStart(9)}`);
  }
  for (const p of result.plans) console.log(`\nPlan (${p.metric}):\n  ${p.sql}\n${p.plan.map((l) => `    ${l}`).join('\n')}`);

  const failed = result.figures.filter((f) => passes(f) === false).map((f) => f.metric);
  console.log(failed.length ? `\nMissed goals: ${failed.join('; ')}` : '\nEvery goal met.');
  const output = {
    benchmark: 'scale',
    at: new Date().toISOString(),
    scale,
    machine: { node: process.version, cpus: cpus().length },
    build: { ...build, reused: store.reused, generatorVersion },
    ...result,
    failed,
  };
  const stamp = output.at.replace(/[:.]/g, '-');
  const out = join(resultsDir, `scale-${stamp}.json`);
  writeFileSync(out, `${JSON.stringify(output, null, 2)}\n`);
  writeFileSync(join(resultsDir, `latest-${scale}.json`), `${JSON.stringify(output, null, 2)}\n`);
  console.log(`Results: ${out}`);
  return failed;
}
