import { Worker } from 'node:worker_threads';
import type { RetentionLimits } from '../../../../../shared/retention';
import { backstopPages } from '../checkpointer';
import { connectionPragmas } from '../open';
import type { ReplayDraft } from '../../common/replay-rows';
import type { SettingChange } from '../settings';
import type { WriterCall, WriterItem, WriterThreadHandlers } from './handlers';
import type { WriterReply, WriterRequest, WriterThreadData } from './thread-main';

interface Waiting {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

export interface WriterThreadOptions {
  /** The built thread entry (thread-file.ts). */
  threadFile: string;
  nativeBinding?: string;
  log?: (line: string) => void;
}

type Result<C extends WriterCall> = ReturnType<WriterThreadHandlers[C]>;

/**
 * The receiver's writer thread, seen from the main thread: each call a message, answered in order. While a
 * call is under way the thread may hold the write lock, so this thread's own writes wait for `idle()`
 * instead of blocking on it. If the thread dies, what is under way fails and every call after it too.
 */
export function startWriterThread(file: string, options: WriterThreadOptions) {
  const log = options.log ?? (() => {});
  const workerData: WriterThreadData = {
    file,
    nativeBinding: options.nativeBinding,
    pragmas: [...connectionPragmas, `wal_autocheckpoint = ${backstopPages}`],
  };
  const worker = new Worker(options.threadFile, { workerData });
  worker.unref();
  const waiting = new Map<number, Waiting>();
  let nextSeq = 1;
  let dead: Error | null = null;
  let closing = false;
  let idleWaiters: Array<() => void> = [];

  const settleIdle = () => {
    if (waiting.size > 0) return;
    // Idle, the thread never keeps the process alive by itself; a call under way does (a command awaiting it).
    worker.unref();
    const waiters = idleWaiters;
    idleWaiters = [];
    waiters.forEach((resolve) => resolve());
  };
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    settleIdle();
  };
  worker.on('message', (reply: WriterReply) => {
    const entry = waiting.get(reply.seq);
    waiting.delete(reply.seq);
    if ('error' in reply) entry?.reject(new Error(reply.error));
    else entry?.resolve(reply.result);
    settleIdle();
  });
  worker.on('error', (error) => {
    dead = error;
    log(`store: the writer thread stopped (${error.message})`);
    failAll(error);
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      if (dead === null && !closing) log(`store: the writer thread stopped (exit code ${code})`);
      dead ??= new Error(closing ? 'the store writer stopped' : `the store writer stopped (exit code ${code})`);
      failAll(dead);
      resolve();
    }),
  );

  const call = <C extends WriterCall>(name: C, ...args: Parameters<WriterThreadHandlers[C]>): Promise<Result<C>> => {
    if (dead) return Promise.reject(dead);
    const seq = nextSeq++;
    if (waiting.size === 0) worker.ref();
    return new Promise<Result<C>>((resolve, reject) => {
      waiting.set(seq, { resolve: resolve as (result: unknown) => void, reject });
      worker.postMessage({ seq, call: name, args } satisfies WriterRequest);
    });
  };

  return {
    /** Whether the thread stopped (its connection failed to open, or it crashed). */
    get stopped(): boolean {
      return dead !== null;
    },
    /** Why it stopped; null while it runs. */
    get stoppedBecause(): string | null {
      return dead?.message ?? null;
    },
    /** Whether a call is under way. */
    get busy(): boolean {
      return waiting.size > 0;
    },
    /** Settles once no call is under way. */
    idle: (): Promise<void> => (waiting.size === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve))),
    /** Analyses what needs it, inserts, commits (synchronous=FULL); the rows' ids in order. */
    insert: (items: WriterItem[]) => call('insert', items),
    /** A bulk load's chunk: stored without its own fsync, then derived and indexed; the rows' ids in order. */
    bulkStore: (items: WriterItem[]) => call('bulkStore', items),
    prune: (limits: RetentionLimits, maxRows: number, now: number) => call('prune', limits, maxRows, now),
    reanalyze: (secret: string | null, afterId: number, maxRows: number) => call('reanalyze', secret, afterId, maxRows),
    writeSettings: (changes: SettingChange[]) => call('writeSettings', changes),
    insertReplay: (draft: ReplayDraft) => call('insertReplay', draft),
    step: () => call('step'),
    catchUp: (maxRows: number) => call('catchUp', maxRows),
    catchUpAll: () => call('catchUpAll'),
    clear: () => call('clear'),
    isCurrent: () => call('isCurrent'),
    async close(): Promise<void> {
      closing = true;
      if (!dead) {
        worker.ref();
        worker.postMessage('close');
      }
      await exited;
    },
  };
}

export type WriterThread = ReturnType<typeof startWriterThread>;
