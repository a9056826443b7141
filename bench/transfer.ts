/**
 * Export and import benchmark (issue 7 section 4): N deliveries (default 100,000, the scale benchmark's cached
 * store) exported as NDJSON with the CLI's `export --format ndjson`, and that file imported into a fresh data
 * dir with the CLI's `import`; each in a process of its own, timed whole (start to exit) and the command alone.
 *
 *   BENCH_TRANSFER_SCALE=100000   # deliveries
 *   BENCH_TRANSFER_RUNS=3         # runs each way
 *   BENCH_PROFILE=1               # also --cpu-prof one export and one import and summarize them
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { copyFileSync, createReadStream, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { exportCommand } from '../src/main/cli/export';
import { importCommand } from '../src/main/cli/import';
import { ndjsonLines } from '../src/main/core/export/ndjson';
import { importedRecord } from '../src/main/core/import/import-item';
import { importPath, type ImportTarget } from '../src/main/core/import/import-path';
import { ndjsonSource } from '../src/main/core/import/read-ndjson';
import { defaultBodyLimitBytes } from '../src/main/core/receiver/body-limit';
import { bulkWriter } from '../src/main/core/store/sqlite/bulk-writer';
import { deliveryWriter } from '../src/main/core/store/sqlite/delivery-writer';
import { lifecycleQueries } from '../src/main/core/store/sqlite/lifecycles';
import { sqliteStore } from '../src/main/core/store/sqlite/sqlite-store';
import { inProcessWriter } from '../src/main/core/store/sqlite/in-process-writer';
import { openStore, type Db } from '../src/main/core/store/sqlite/open';
import { benchSecret } from './generate';
import { writeResults } from './ingest';
import { machineBusyMs, waitForQuiet, writtenBytes } from './machine';
import { summarizeProfile } from './profile';
import { cacheDir, ensureStore, positiveInt, resultsDir } from './scale';
import { passes, spread, table, type Figure } from './stats';

/** Issue 7's goal for the export of 100,000 deliveries; issue 18 set the import's at 15 s. */
const exportGoalSeconds = 10;
const importGoalSeconds = 15;

interface TransferArg {
  op: 'export' | 'import';
  dataDir: string;
  file: string;
}

interface ChildResult {
  /** The command alone, in its process. */
  ms: number;
  maxRssMb: number;
  /** CPU time of the whole child process, ms. */
  cpuMs: number;
  /** Bytes the child caused to be written to storage (WAL, checkpoints, the file), where the OS tells. */
  writtenBytes: number | null;
}

interface TransferRun extends ChildResult {
  /** The whole process: start, module loading, the command, exit. */
  wallMs: number;
  /** CPU the rest of the machine used meanwhile, as a share of one core. */
  othersShare: number;
  output: string;
}

/** The child: runs the CLI's command as `webhook-inspector export|import …` would, then reports its time. */
export async function transferChild(arg: string): Promise<void> {
  const { op, dataDir, file } = JSON.parse(arg) as TransferArg;
  const start = process.hrtime.bigint();
  if (op === 'export') await exportCommand(['--data-dir', dataDir, '--format', 'ndjson', '--out', file]);
  else await importCommand([file, '--data-dir', dataDir, '--secret', benchSecret]);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const usage = process.resourceUsage();
  const result: ChildResult = { ms, maxRssMb: usage.maxRSS / 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, writtenBytes: writtenBytes() };
  process.stdout.write(`\nBENCH_RESULT ${JSON.stringify(result)}\n`);
}

/**
 * BENCH_PROFILE=1: the parts of an export and an import timed apart, in one child, to show which one costs
 * what. Only diagnostics: the import variants that leave something out are not what the CLI does.
 */
export async function transferPartsChild(arg: string): Promise<void> {
  const { dataDir, file, scratch } = JSON.parse(arg) as { dataDir: string; file: string; scratch: string };
  const parts: Array<{ part: string; ms: number }> = [];
  const timed = async (part: string, fn: () => unknown) => {
    const start = process.hrtime.bigint();
    await fn();
    parts.push({ part, ms: Number(process.hrtime.bigint() - start) / 1e6 });
  };
  const source = openStore(join(dataDir, 'inspector.sqlite3'));
  await timed('export: ndjsonLines consumed, nothing written', async () => {
    let bytes = 0;
    for await (const line of ndjsonLines(sqliteStore(source, inProcessWriter(source)))) bytes += line.length;
    return bytes;
  });
  await timed('export: every lifecycle rebuilt once (lifecycleQueries.load)', () => {
    const lifecycles = lifecycleQueries(source);
    const keys = source.prepare('SELECT key FROM lifecycles').pluck().all() as string[];
    for (const key of keys) lifecycles.load(key);
  });
  source.close();
  await timed('import: read and check the file (ndjsonSource), nothing analyzed', async () => {
    for await (const _ of (await ndjsonSource(file, { bodyLimitBytes: defaultBodyLimitBytes })).outcomes);
  });
  await timed('import: read + analyze (importedRecord), nothing stored', async () => {
    for await (const outcome of (await ndjsonSource(file, { bodyLimitBytes: defaultBodyLimitBytes })).outcomes) if ('item' in outcome) importedRecord(outcome.item, benchSecret);
  });
  const importInto = async (name: string, store: (db: Db) => { target: Pick<ImportTarget, 'storeChunk' | 'chunkRows'>; done(): Promise<void> | void }) => {
    const dir = join(scratch, name);
    mkdirSync(dir, { recursive: true });
    const db = openStore(join(dir, 'inspector.sqlite3'));
    const { target, done } = store(db);
    await importPath(file, { ...target, secret: () => benchSecret, bodyLimitBytes: defaultBodyLimitBytes });
    await done();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  };
  await timed('import: as the CLI (bulk writer: 5,000 per transaction, derived after each)', () =>
    importInto('bulk', (db) => {
      const writer = bulkWriter(inProcessWriter(db));
      return { target: { storeChunk: (records) => writer.store(records), chunkRows: writer.chunkRows }, done: () => writer.finish() };
    }),
  );
  await timed('import: through the receiver’s group-commit writer instead (500 per commit, FULL)', () =>
    importInto('receiver', (db) => {
      const writer = deliveryWriter(inProcessWriter(db));
      return {
        target: { storeChunk: (records) => Promise.all(records.map((record) => writer.enqueue(record))) },
        async done() {
          await writer.drain();
          await writer.derived.catchUpAll();
          await writer.derived.indexSearchAll();
        },
      };
    }),
  );
  process.stdout.write(`\nBENCH_RESULT ${JSON.stringify(parts)}\n`);
}

function runChild(arg: TransferArg, execArgv: string[]): TransferRun {
  const start = process.hrtime.bigint();
  const busyBefore = machineBusyMs();
  const child = spawnSync(process.execPath, [...execArgv, process.argv[1]!, '--transfer', JSON.stringify(arg)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 2 ** 20,
    timeout: 10 * 60_000,
  });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  const busyAfter = machineBusyMs();
  const line = child.stdout.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
  if (child.status !== 0 || !line) throw new Error(`${arg.op} failed (status ${child.status}):\n${child.stderr.slice(-2000)}`);
  const output = child.stdout.split('\n').filter((l) => l.trim() && !l.startsWith('BENCH_RESULT ')).join('\n');
  const result = JSON.parse(line.slice('BENCH_RESULT '.length)) as ChildResult;
  const othersShare = busyBefore === null || busyAfter === null ? NaN : Math.max(0, busyAfter - busyBefore - result.cpuMs) / wallMs;
  return { ...result, wallMs, othersShare, output };
}

async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  return lines;
}

function countRows(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM deliveries').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

export async function runTransfer(): Promise<string[]> {
  const scale = positiveInt('BENCH_TRANSFER_SCALE', 100_000);
  const runs = positiveInt('BENCH_TRANSFER_RUNS', 3);
  const profile = process.env.BENCH_PROFILE === '1';
  const store = await ensureStore(scale);
  const root = mkdtempSync(join(cacheDir, 'transfer-'));
  const profileDir = join(resultsDir, 'profiles', `transfer-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  const started = Date.now();
  try {
    // The cached store stays untouched: the export reads a copy in a data dir of its own.
    const source = join(root, 'source');
    mkdirSync(source);
    copyFileSync(store.file, join(source, 'inspector.sqlite3'));
    const sourceRows = countRows(join(source, 'inspector.sqlite3'));
    const file = join(root, 'deliveries.ndjson');
    console.log(`Export and import: ${sourceRows.toLocaleString('en')} deliveries, ${runs} runs each way …`);

    const exports: TransferRun[] = [];
    for (let run = 0; run < runs; run++) {
      rmSync(file, { force: true });
      await waitForQuiet();
      const r = runChild({ op: 'export', dataDir: source, file }, []);
      exports.push(r);
      console.log(`  export run ${run + 1}: ${(r.wallMs / 1000).toFixed(2)} s (command ${(r.ms / 1000).toFixed(2)} s, peak RSS ${r.maxRssMb.toFixed(0)} MB, CPU ${(r.cpuMs / 1000).toFixed(2)} s; others ${(r.othersShare * 100).toFixed(0)} % of a core)`);
    }
    const lines = await countLines(file);
    const bytes = statSync(file).size;

    const imports: TransferRun[] = [];
    const importChecks: Array<{ imported: string; rows: number }> = [];
    for (let run = 0; run < runs; run++) {
      const dataDir = join(root, `import-${run}`);
      await waitForQuiet();
      const r = runChild({ op: 'import', dataDir, file }, []);
      const rows = countRows(join(dataDir, 'inspector.sqlite3'));
      imports.push(r);
      importChecks.push({ imported: r.output.split('\n').find((l) => l.startsWith('imported ')) ?? '', rows });
      rmSync(dataDir, { recursive: true, force: true });
      console.log(
        `  import run ${run + 1}: ${(r.wallMs / 1000).toFixed(2)} s (command ${(r.ms / 1000).toFixed(2)} s, peak RSS ${r.maxRssMb.toFixed(0)} MB, CPU ${(r.cpuMs / 1000).toFixed(2)} s;` +
          ` others ${(r.othersShare * 100).toFixed(0)} % of a core), ${rows.toLocaleString('en')} rows`,
      );
    }

    let profiles: { export: string; import: string } | null = null;
    let parts: Array<{ part: string; ms: number }> | null = null;
    if (profile) {
      const prof = (name: string) => ['--cpu-prof', '--cpu-prof-dir', join(profileDir, name)];
      rmSync(join(root, 'profiled.ndjson'), { force: true });
      runChild({ op: 'export', dataDir: source, file: join(root, 'profiled.ndjson') }, prof('export'));
      runChild({ op: 'import', dataDir: join(root, 'import-profiled'), file }, prof('import'));
      const summary = (name: string) => {
        const dir = join(profileDir, name);
        return summarizeProfile(join(dir, readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!), { items: sourceRows, itemName: 'delivery' });
      };
      profiles = { export: summary('export'), import: summary('import') };
      const partsChild = spawnSync(process.execPath, [process.argv[1]!, '--transfer-parts', JSON.stringify({ dataDir: source, file, scratch: join(root, 'parts') })], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        timeout: 10 * 60_000,
      });
      const partsLine = partsChild.stdout.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
      if (partsLine) {
        parts = JSON.parse(partsLine.slice('BENCH_RESULT '.length)) as Array<{ part: string; ms: number }>;
        console.log(`\nThe parts, timed apart (once each, one process):\n${parts.map((p) => `  ${(p.ms / 1000).toFixed(2).padStart(6)} s  ${p.part}`).join('\n')}`);
      }
      console.log(`\nWhere the export's time goes (${join(profileDir, 'export')}):\n${profiles.export}`);
      console.log(`\nWhere the import's time goes (${join(profileDir, 'import')}):\n${profiles.import}`);
    }

    const n = sourceRows.toLocaleString('en');
    const figures: Figure[] = [
      { metric: `export ${n} as ndjson (CLI process, start to exit)`, unit: 's', ...spread(exports.map((r) => r.wallMs / 1000)), goal: exportGoalSeconds, baseline: null },
      { metric: 'export: the command alone', unit: 's', ...spread(exports.map((r) => r.ms / 1000)), goal: null, baseline: null },
      { metric: 'export: deliveries per second (command)', unit: '', ...spread(exports.map((r) => Math.round(sourceRows / (r.ms / 1000)))), goal: null, baseline: null },
      { metric: 'export: peak RSS', unit: 'MB', ...spread(exports.map((r) => r.maxRssMb)), goal: null, baseline: null },
      { metric: `import ${n} from ndjson (CLI process, start to exit)`, unit: 's', ...spread(imports.map((r) => r.wallMs / 1000)), goal: importGoalSeconds, baseline: null },
      { metric: 'import: the command alone', unit: 's', ...spread(imports.map((r) => r.ms / 1000)), goal: null, baseline: null },
      { metric: 'import: deliveries per second (command)', unit: '', ...spread(imports.map((r) => Math.round(lines / (r.ms / 1000)))), goal: null, baseline: null },
      { metric: 'import: peak RSS', unit: 'MB', ...spread(imports.map((r) => r.maxRssMb)), goal: null, baseline: null },
      { metric: 'import: KiB written to disk per delivery', unit: '', ...spread(imports.map((r) => Math.round(((r.writtenBytes ?? NaN) / 1024 / lines) * 10) / 10)), goal: null, baseline: null },
      { metric: 'other processes during the runs (share of one core)', unit: '%', ...spread([...exports, ...imports].map((r) => r.othersShare)), goal: null, baseline: null },
    ];
    const checks = {
      exportedLines: lines,
      sourceRows,
      ndjsonBytes: bytes,
      imports: importChecks,
      ok: lines === sourceRows && importChecks.every((c) => c.rows === lines && c.imported === `imported ${lines}, skipped 0`),
    };
    console.log(`\nExport and import (${cpus().length} cores; ${runs} runs each; the CLI's commands in a process of their own):`);
    console.log(table(figures));
    console.log(
      `\nThe file: ${lines.toLocaleString('en')} lines, ${(bytes / 2 ** 20).toFixed(0)} MiB; import said "${importChecks[0]?.imported}"; ` +
        `rows after import ${importChecks.map((c) => c.rows).join(', ')} → ${checks.ok ? 'consistent' : 'INCONSISTENT'}`,
    );
    const failed = figures.filter((f) => passes(f) === false).map((f) => f.metric);
    if (!checks.ok) failed.push('export/import: every delivery exported and imported');
    console.log(failed.length ? `\nExport and import, missed goals: ${failed.join('; ')}` : '\nExport and import: every goal met.');
    console.log(`Export and import took ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    writeResults('transfer', {
      benchmark: 'transfer',
      at: new Date().toISOString(),
      machine: { node: process.version, cpus: cpus().length },
      settings: { scale, runs, profiled: profile },
      figures,
      checks,
      profiles,
      parts,
      failed,
    });
    return failed;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
