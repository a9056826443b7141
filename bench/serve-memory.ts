import Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawn } from 'node:child_process';
import type { Child } from './children';
import { benchSecret } from './generate';
import type { LoadReady, LoadResult, LoadRun } from './ingest-load';

export interface ServeMemory {
  deliveries: number;
  /** RSS of the `serve` process, MB (2^20 bytes): once started, at its highest while receiving, and after. */
  startedMb: number;
  peakMb: number;
  /** Once every delivery sent was stored, derived and indexed. */
  afterMb: number;
  /** Of `afterMb`: anonymous memory (the heaps, SQLite's caches, buffers) and mapped files (the code of Node and its addons). */
  afterAnonMb: number;
  afterFileMb: number;
  /** Its threads then (the main one, V8's and libuv's, the store's writer and checkpointer). */
  threads: number;
  /** From the first delivery sent to the last one derived, s. */
  seconds: number;
  /** The process's CPU (every thread, user + system) over that time, per delivery, µs. */
  cpuUsPerDelivery: number;
  /** Of it, the main thread's (receiving), and the busiest other thread's (the store's writer thread), µs. */
  mainUsPerDelivery: number;
  busiestThreadUsPerDelivery: number;
}

/** A figure of the process's status (/proc/<pid>/status), MB for those in kB. */
function statusOf(pid: number, field: 'VmRSS' | 'RssAnon' | 'RssFile' | 'Threads'): number {
  const line = new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new Error(`no ${field} for process ${pid}`);
  return field === 'Threads' ? Number(line[1]) : Number(line[1]) / 1024;
}
const residentMb = (pid: number) => statusOf(pid, 'VmRSS');

/** CPU so far (user + system) of a process or one of its threads, ms (a /proc stat file, in clock ticks of 10 ms). */
function cpuMsIn(statFile: string): number {
  const stat = readFileSync(statFile, 'utf8');
  // The fields after the command's name (which is in parentheses and may hold spaces): utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const cpuMsOf = (pid: number) => cpuMsIn(`/proc/${pid}/stat`);

/** CPU so far of each of the process's threads, ms, by thread id (the main thread's id is the process's). */
function threadCpuMs(pid: number): Map<number, number> {
  const byThread = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      byThread.set(Number(tid), cpuMsIn(`/proc/${pid}/task/${tid}/stat`));
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return byThread;
}

/** The benchmark bundle's own build of the CLI, beside `run.mjs`. */
const bundledCli = () => join(dirname(process.argv[1]!), 'cli.mjs');

/** Node's flags in the CLI's shebang (`#!/usr/bin/env -S node FLAGS`), which `serve` runs with from its bin. */
export function serveNodeFlags(): string[] {
  const first = readFileSync(bundledCli(), 'utf8').split('\n', 1)[0]!;
  const flags = /^#!\/usr\/bin\/env -S node\b(.*)$/.exec(first)?.[1] ?? '';
  return flags.split(' ').filter(Boolean);
}

/**
 * Starts the bundle's `serve` as its bin runs (Node's flags from its shebang, then `nodeOptions`) and waits for its
 * receiver's URL (the first line it prints).
 */
async function startServe(args: string[], nodeOptions: string[]) {
  const child = spawn(process.execPath, [...serveNodeFlags(), ...nodeOptions, bundledCli(), 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Its log (stderr) is told only if it cannot start.
  let logged = '';
  child.stderr.on('data', (chunk: Buffer) => (logged = (logged + chunk.toString()).slice(-4000)));
  const receiverUrl = await new Promise<string>((resolve, reject) => {
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const url = /^Receiver \(HTTPS\): (\S+)$/m.exec(printed)?.[1];
      if (url) resolve(url);
    });
    void exited.then(() => reject(new Error(`serve exited before it started: ${printed}${logged}`)));
  });
  child.stdout.resume();
  return { child, exited, port: Number(new URL(receiverUrl).port) };
}

/**
 * Resident memory of `serve` after `deliveries` of the mix (BENCH_SERVE_NODE_OPTIONS: Node's flags for it, to see
 * what moves it, e.g. `--max-semi-space-size=1`) (the goal: ≤ 150 MB after 20,000). The command as an
 * operator starts it, with its shebang's flags (the benchmark bundle's own build of the CLI, `cli.mjs` beside
 * `run.mjs`), on a new data dir on the disk, sent the deliveries by the load generator at `connections`, then left
 * until its store has derived and indexed every one of them; its RSS read from /proc meanwhile and then.
 */
export async function measureServeMemory(load: Child<LoadReady>, dataDir: string, deliveries: number, connections: number): Promise<ServeMemory> {
  const nodeOptions = (process.env.BENCH_SERVE_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const serve = await startServe(['--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--no-simulator', '--secret', benchSecret], nodeOptions);
  const pid = serve.child.pid!;
  try {
    const startedMb = residentMb(pid);
    let peakMb = startedMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMb(pid))), 100);
    const started = performance.now();
    const cpuBefore = cpuMsOf(pid);
    const threadsBefore = threadCpuMs(pid);
    const sent = await load.call<LoadResult>('run', { target: 'serve', port: serve.port, connections, seconds: 0, amount: deliveries } satisfies LoadRun);
    if (sent.ok !== deliveries) throw new Error(`serve answered ${sent.ok} of ${deliveries} deliveries with a 2xx (errors ${sent.errors}, non-2xx ${sent.non2xx})`);
    const reader = new Database(join(dataDir, 'inspector.sqlite3'), { readonly: true });
    const behind = reader.prepare(
      `SELECT (SELECT coalesce(max(id), 0) FROM deliveries) - min(value) FROM store_counts
       WHERE name IN ('derived_through', 'search_indexed_through')`,
    ).pluck();
    try {
      while ((behind.get() as number) > 0) {
        if (performance.now() - started > 300_000) throw new Error('serve did not derive its deliveries within 5 minutes');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      reader.close();
      clearInterval(sampler);
    }
    const afterMb = residentMb(pid);
    const cpuAfter = cpuMsOf(pid);
    const threadsSpent = [...threadCpuMs(pid)].map(([tid, ms]) => [tid, ms - (threadsBefore.get(tid) ?? 0)] as const);
    const perDelivery = (ms: number) => (ms * 1000) / deliveries;
    return {
      deliveries,
      startedMb,
      peakMb: Math.max(peakMb, afterMb),
      afterMb,
      afterAnonMb: statusOf(pid, 'RssAnon'),
      afterFileMb: statusOf(pid, 'RssFile'),
      threads: statusOf(pid, 'Threads'),
      seconds: (performance.now() - started) / 1000,
      cpuUsPerDelivery: perDelivery(cpuAfter - cpuBefore),
      mainUsPerDelivery: perDelivery(threadsSpent.find(([tid]) => tid === pid)?.[1] ?? 0),
      busiestThreadUsPerDelivery: perDelivery(Math.max(0, ...threadsSpent.filter(([tid]) => tid !== pid).map(([, ms]) => ms))),
    };
  } finally {
    serve.child.kill('SIGTERM');
    await serve.exited;
  }
}
