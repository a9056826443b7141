import { Worker } from 'node:worker_threads';
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
};

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
    pragmas: [...connectionPragmas, `wal_autocheckpoint = ${backstopPages}`],
  };
  const worker = new Worker(options.threadFile, { workerData });
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
