import Database from 'better-sqlite3';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startCore } from '../src/main/core/start-core';
import { loadOrCreateCertificate } from '../src/main/core/receiver/tls';
import { closeServer } from '@webhook-inspector/capture';
import { GroupCommitWriter } from '@webhook-inspector/group-commit';
import { serveChild } from './children';
import { threadCpuMs, writtenBytes } from './machine';
import { benchSecret } from './generate';
import { quantile } from './stats';
import { relayReceiver } from './relay-receiver';
import { teamServer } from './team-receiver';

/** The receivers of the ingest benchmark, each run in a child process of its own. */
export type ReceiverKind = 'inspector' | 'bare' | 'mockttp' | 'per-request' | 'relay' | 'team';

export interface ReceiverArg {
  kind: ReceiverKind;
  /** An empty data dir on the machine's disk (not tmpfs: fsync must cost what it costs). */
  dir: string;
  /** Time the inspector's group commits (batch sizes, writes, commit), its derived-table updates and its event loop. */
  diagnose?: boolean;
}

/** The inspector's group commits and derived-table work, since the last call. */
export interface CommitDiagnostics {
  batches: number;
  deliveries: number;
  /** A batch from hand-over to the writer's worker until committed (latency): p50 / p99 / max, ms. */
  commitP50: number;
  commitP99: number;
  commitMax: number;
  /** On the event loop, after the commits: the transactions deriving duplicate groups and lifecycle summaries. */
  derivedMs: number;
  derivedBatches: number;
  /** Event loop delay (perf_hooks), ms. */
  loopDelayP50: number;
  loopDelayP99: number;
  loopDelayMax: number;
}

export interface ReceiverReady {
  port: number;
  pid: number;
}

/** CPU time (user + system), RSS, and bytes written to storage by the receiver's process. */
export interface Usage {
  cpuMs: number;
  rssMb: number;
  writtenBytes: number | null;
  /** CPU time by thread id, ms (machine.ts threadCpuMs), and which one is the main thread. */
  threadsMs: Record<string, number>;
  mainThread: string;
}

/** `alsoCpuMs`: CPU of the receiver's other processes (the relay's database). */
function usage(alsoCpuMs = 0): Usage {
  const cpu = process.cpuUsage();
  return {
    cpuMs: (cpu.user + cpu.system) / 1000 + alsoCpuMs,
    rssMb: process.memoryUsage().rss / 2 ** 20,
    writtenBytes: writtenBytes(),
    threadsMs: threadCpuMs(),
    mainThread: String(process.pid),
  };
}

const answer = JSON.stringify({ received: true });

function readBody(req: IncomingMessage, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => done(Buffer.concat(chunks)));
}

function ok(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(answer) });
  res.end(answer);
}

function listenLocal(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** The limit: Node's HTTPS server reading the body and answering 200, nothing else. */
async function bareServer(dir: string) {
  const certificate = await loadOrCreateCertificate(dir);
  const server = createServer({ cert: certificate.cert, key: certificate.key }, (req, res) => readBody(req, () => ok(res)));
  server.keepAliveTimeout = 5_000;
  return { port: await listenLocal(server), close: () => closeServer(server) };
}

/** A real peer: mockttp (HTTP Toolkit's engine) answering 200 to every POST and keeping each request in memory. */
async function mockttpServer() {
  const { generateCACertificate, getLocal } = await import('mockttp');
  // mockttp signs each host's certificate with a CA of its own (RSA), as HTTP Toolkit does.
  const server = getLocal({ https: await generateCACertificate(), recordTraffic: true });
  await server.start();
  await server.forPost().thenJson(200, { received: true });
  return { port: server.port, close: () => server.stop() };
}

/**
 * What a hand-written receiver does: each request inserted and committed on its own (autocommit, one
 * transaction and one fsync per request) with WAL and synchronous=FULL, then answered.
 */
async function perRequestServer(dir: string) {
  const certificate = await loadOrCreateCertificate(dir);
  const db = new Database(join(dir, 'receiver.sqlite3'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE IF NOT EXISTS deliveries (
    id INTEGER PRIMARY KEY, received_at INTEGER NOT NULL, method TEXT NOT NULL, path TEXT NOT NULL,
    headers TEXT NOT NULL, body BLOB NOT NULL)`);
  const insert = db.prepare('INSERT INTO deliveries (received_at, method, path, headers, body) VALUES (?, ?, ?, ?, ?)');
  const server = createServer({ cert: certificate.cert, key: certificate.key }, (req, res) =>
    readBody(req, (body) => {
      insert.run(Date.now(), req.method ?? 'GET', req.url ?? '/', JSON.stringify(req.rawHeaders), body);
      ok(res);
    }),
  );
  server.keepAliveTimeout = 5_000;
  return {
    port: await listenLocal(server),
    close: async () => {
      await closeServer(server);
      db.close();
    },
  };
}

const msOf = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/**
 * Times each group commit (in this process only) from the batch handed to the writer to its settling: the
 * rows are analysed, inserted and committed by the store's writer thread (which then derives them), so this is
 * latency, not event-loop time. Every transaction on this thread (better-sqlite3's `db.transaction`) is timed
 * apart: none is expected while the writer thread runs.
 */
function diagnoseCommits(): () => CommitDiagnostics {
  let batches: number[] = [];
  let deliveries = 0;
  let derivedMs = 0;
  let derivedBatches = 0;
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  type Commit = (batch: unknown[]) => Promise<void>;
  const prototype = GroupCommitWriter.prototype as unknown as { commit: Commit };
  const commit = prototype.commit;
  prototype.commit = async function (this: unknown, batch: unknown[]) {
    const start = process.hrtime.bigint();
    await commit.call(this, batch);
    batches.push(msOf(start));
    deliveries += batch.length;
  };
  type Transaction = (...args: unknown[]) => unknown;
  const transaction = Database.prototype.transaction as unknown as (this: Database.Database, fn: Transaction) => Transaction;
  (Database.prototype as unknown as { transaction: typeof transaction }).transaction = function (fn) {
    const run = transaction.call(this, fn);
    return (...args: unknown[]) => {
      const start = process.hrtime.bigint();
      try {
        return run(...args);
      } finally {
        derivedMs += msOf(start);
        derivedBatches++;
      }
    };
  };
  return () => {
    const sorted = Float64Array.from(batches).sort();
    const result: CommitDiagnostics = {
      batches: batches.length,
      deliveries,
      commitP50: quantile(sorted, 0.5),
      commitP99: quantile(sorted, 0.99),
      commitMax: quantile(sorted, 1),
      derivedMs,
      derivedBatches,
      loopDelayP50: loop.percentile(50) / 1e6,
      loopDelayP99: loop.percentile(99) / 1e6,
      loopDelayMax: loop.max / 1e6,
    };
    batches = [];
    deliveries = 0;
    derivedMs = 0;
    derivedBatches = 0;
    loop.reset();
    return result;
  };
}

/** The inspector as the desktop runs it: startCore, durable store, full analysis, no simulator. */
async function inspector(dir: string) {
  const core = await startCore({ dataDir: dir, httpsPort: 0, httpPort: null, uiPort: 0, simulator: false, secret: benchSecret });
  // Its own read-only connection: how far the writer thread's derivation (groups, lifecycles, search index) lags.
  const reader = new Database(join(dir, 'inspector.sqlite3'), { readonly: true });
  const behind = reader.prepare(
    `SELECT (SELECT coalesce(max(id), 0) FROM deliveries) - min(value) FROM store_counts
     WHERE name IN ('derived_through', 'search_indexed_through')`,
  ).pluck();
  return {
    port: Number(new URL(core.urls.receiverHttps!).port),
    behind: () => behind.get() as number,
    close: async () => {
      reader.close();
      await core.close();
    },
  };
}

interface StartedReceiver {
  port: number;
  close(): Promise<void>;
  /** CPU of the receiver's other processes (the relay's database), ms. */
  databaseCpuMs?: () => number;
  /** The inspector and the team server: stored deliveries not yet in their derived tables or search index. */
  behind?: () => number | Promise<number>;
}

const starters: Record<ReceiverKind, (dir: string) => Promise<StartedReceiver>> = {
  inspector,
  bare: bareServer,
  mockttp: mockttpServer,
  'per-request': perRequestServer,
  relay: relayReceiver,
  team: teamServer,
};

export function receiverChild(arg: string): Promise<void> {
  const { kind, dir, diagnose } = JSON.parse(arg) as ReceiverArg;
  return serveChild(async () => {
    const diagnostics = diagnose && kind === 'inspector' ? diagnoseCommits() : () => null;
    const receiver = await starters[kind](dir);
    const ownUsage = () => usage(receiver.databaseCpuMs?.() ?? 0);
    return {
      ready: { port: receiver.port, pid: process.pid } satisfies ReceiverReady,
      handlers: {
        usage: ownUsage,
        diagnostics: () => diagnostics(),
        /** Waits (at most 120 s) until the derived tables include every stored delivery: rows behind at first, ms taken. */
        settle: async () => {
          const behind = async () => (await receiver.behind?.()) ?? 0;
          const first = await behind();
          const start = performance.now();
          while ((await behind()) > 0 && performance.now() - start < 120_000) await new Promise((r) => setTimeout(r, 20));
          return { behind: first, ms: first === 0 ? 0 : performance.now() - start };
        },
        stop: async () => {
          const last = ownUsage();
          await receiver.close();
          return last;
        },
      },
    };
  });
}
