import { Worker, type ResourceLimits } from 'node:worker_threads';
import { isAnalysed } from '../../../delivery-record/delivery-record';
import { insertValues } from '../../common/delivery-columns';
import { backstopPages } from '../checkpointer';
import { connectionPragmas } from '../open';
import type { SqliteWriter } from '../sqlite-writer';
import { walSyncer } from '../wal-sync';
import { writerCallsThrough, type RunWriterCall } from '../writer-calls';
import type { WriterItem } from '../writer-handlers';
import { carriesBodies, SharedBodyRing } from './shared-bodies';
import type { WriterReply, WriterRequest, WriterThreadData } from './thread-main';
import { silentLogger, type Logger } from '../../../logger';

interface Waiting {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

export interface WriterThreadOptions {
  /** The built thread entry (thread-file.ts). */
  threadFile: string;
  nativeBinding?: string;
  log?: Logger;
}

/** The writes on a thread, and whether it stopped (its connection failed to open, or it crashed), and why. */
export type WriterThread = SqliteWriter & {
  readonly stopped: boolean;
  /** Null while it runs. */
  readonly stoppedBecause: string | null;
  /** The bounds of its V8 heap in force in the thread (`writerThreadHeap`); empty once it stopped. */
  readonly heapLimits: ResourceLimits;
};

/**
 * The writer thread's V8 heap (MiB). Each batch's analyses, rows and derivation steps are made in its young
 * generation and die there: by default V8 lets it grow under load to 32 MiB (two semi-spaces of 16) and keeps it,
 * though 4 serve as well (`BENCH_ONLY=servememory`: `serve`'s RSS after 20,000 deliveries 262 → 184 MB with the
 * rest below, the writer thread's CPU per delivery unchanged within the runs' noise). V8 also sizes the old
 * generation's growth from its ceiling: under a few GiB (the default) it lets the heap grow 2 to 4 times past
 * what lived after the last full collection, at 256 MiB or less 1.3 times, so that the garbage of promoted rows and
 * parsed bodies does not pile up to three times the thread's 15–20 MiB of live data. 256 MiB is still ten times
 * what the thread holds (its parsed bodies are bounded by their texts' length: recent-parsed-bodies.ts; a bulk
 * load's chunk of 5,000 too); past it the thread would stop as when it crashes, its calls failing.
 */
export const writerThreadHeap = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 256 } as const satisfies ResourceLimits;

/**
 * The page cache of the writer's connection to the store (KiB), where better-sqlite3 builds SQLite with 16,000 by
 * default: the writer's inserts append the rows and fall on random leaves of the indexes, which a larger cache keeps
 * few of anyway (as the keys file's cache, delivery-keys.ts), and its derivation reads bodies the OS's page cache
 * holds. The default one filled up to 19 MB of `serve`'s RSS after 20,000 deliveries (SQLite's allocations, seen
 * through a heap profiler), freed only when the thread ends.
 */
export const writerCacheKib = 2_000;

/** A record analysed on this thread is posted as its row: cheaper to copy than the record with its parsed body. */
const postable = (item: WriterItem): WriterItem => ('row' in item || !isAnalysed(item) ? item : { row: insertValues(item) });

/**
 * The writer thread, seen from the thread that started it: each call a message, answered in order, by the
 * handlers (writer-handlers.ts) on the thread's own connection. If the thread dies, what is under way fails and
 * every call after it too.
 */
export function startWriterThread(file: string, options: WriterThreadOptions): WriterThread {
  const log = options.log ?? silentLogger;
  const bodies = new SharedBodyRing();
  const workerData: WriterThreadData = {
    file,
    sharedBodies: bodies.memory,
    nativeBinding: options.nativeBinding,
    pragmas: [...connectionPragmas, `wal_autocheckpoint = ${backstopPages}`, `cache_size = -${writerCacheKib}`],
  };
  const worker = new Worker(options.threadFile, { workerData, resourceLimits: writerThreadHeap });
  const wal = walSyncer(file);
  worker.unref();
  const waiting = new Map<number, Waiting>();
  let nextSeq = 1;
  let dead: Error | null = null;
  let closing = false;

  const settleIdle = () => {
    // Idle, the thread never keeps the process alive by itself; a call under way does (a command awaiting it).
    if (waiting.size === 0) worker.unref();
  };
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    bodies.clear();
    settleIdle();
  };
  worker.on('message', (reply: WriterReply) => {
    const entry = waiting.get(reply.seq);
    waiting.delete(reply.seq);
    bodies.release(reply.seq);
    if ('error' in reply) entry?.reject(new Error(reply.error));
    else entry?.resolve(reply.result);
    settleIdle();
  });
  worker.on('error', (error) => {
    dead = error;
    log.warn(`store: the writer thread stopped (${error.message})`);
    failAll(error);
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      if (dead === null && !closing) log.warn(`store: the writer thread stopped (exit code ${code})`);
      dead ??= new Error(closing ? 'the store writer stopped' : `the store writer stopped (exit code ${code})`);
      failAll(dead);
      // A thread started again in its place syncs with its own descriptor.
      void wal.close().finally(resolve);
    }),
  );

  const run: RunWriterCall = (call, args) => {
    if (dead) return Promise.reject(dead);
    const seq = nextSeq++;
    if (waiting.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      waiting.set(seq, { resolve, reject });
      // The rows' bodies go through the shared ring where they fit (shared-bodies.ts).
      const posted = carriesBodies(call) ? [bodies.post(seq, (args[0] as WriterItem[]).map(postable)), ...args.slice(1)] : args;
      worker.postMessage({ seq, call, args: posted } satisfies WriterRequest);
    });
  };

  return writerCallsThrough(
    {
      /** Whether the thread stopped (its connection failed to open, or it crashed). */
      get stopped(): boolean {
        return dead !== null;
      },
      /** Why it stopped; null while it runs. */
      get stoppedBecause(): string | null {
        return dead?.message ?? null;
      },
      get heapLimits(): ResourceLimits {
        return worker.resourceLimits ?? {};
      },
      synced: wal.synced,
      async close(): Promise<void> {
        closing = true;
        if (!dead) {
          worker.ref();
          worker.postMessage('close');
        }
        await exited;
      },
    },
    run,
  );
}
