import { Worker } from 'node:worker_threads';
import type { UpkeepFailure } from '../../../../../shared/contract';
import { isAnalysed, type IncomingDelivery } from '../../../delivery-record/delivery-record';
import { StoreUnavailable } from '../../common/store-errors';
import type { StoredCounts } from '../delivery-writer';
import type { PgStoreWrites } from '../store-writes';
import { errorOfPosted, type FromWriter, type PgWriterCall, type PgWriterData, type ToWriter } from './messages';
import type { Logger } from '../../../logger';

export interface PgWriterThreadOptions {
  /** The built thread entry (thread-file.ts). */
  threadFile: string;
  url: string;
  log: Logger;
  /** After each of the thread's commits: the latest id stored, and the store's counts as that commit left them. */
  onCommitted(latestId: number, counts: StoredCounts): void;
  /** Whether every stored delivery is derived: a read, answered on this thread's pool. */
  isCurrent(): Promise<boolean>;
}

interface Waiting {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

/** A thread started, and how it ended (null while it runs). */
interface Started {
  worker: Worker;
  stopped: Error | null;
  exited: Promise<void>;
}

/**
 * The PostgreSQL store's writes on their own thread (thread-main.ts), seen from the thread that serves senders: the
 * deliveries handed over in one turn go in one message, their answers come back likewise, and each commit is told
 * as it happens. A thread that dies fails what was under way (503: senders retry) and is started again once at the
 * next call; if the new one dies too, every write is refused with StoreUnavailable until the inspector is restarted.
 */
export function pgWriterThread(options: PgWriterThreadOptions): PgStoreWrites {
  const { log } = options;
  const waiting = new Map<number, Waiting>();
  let nextSeq = 1;
  let queued: Array<{ seq: number; delivery: IncomingDelivery }> = [];
  let failure: UpkeepFailure | null = null;
  const failureListeners: Array<() => void> = [];
  let closing = false;
  let restarted = false;
  let failed: StoreUnavailable | null = null;

  const settleIdle = (worker: Worker) => {
    // Idle, the thread never keeps the process alive by itself; a call under way does (a command awaiting it).
    if (waiting.size === 0) worker.unref();
  };
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    queued = [];
  };

  const start = (): Started => {
    const worker = new Worker(options.threadFile, { workerData: { url: options.url } satisfies PgWriterData });
    worker.unref();
    const started: Started = { worker, stopped: null, exited: Promise.resolve() };
    const stop = (why: Error) => {
      if (started.stopped) return;
      started.stopped = why;
      if (!closing) log.warn(`store: the writer thread stopped (${why.message})`);
      failAll(new StoreUnavailable(`the store's writer thread stopped (${why.message})`));
    };
    worker.on('message', (message: FromWriter) => {
      if (message.type === 'committed') options.onCommitted(message.latestId, message.counts);
      else if (message.type === 'settled') {
        for (const answer of message.answers) {
          const entry = waiting.get(answer.seq);
          waiting.delete(answer.seq);
          if ('error' in answer) entry?.reject(errorOfPosted(answer.error));
          else entry?.resolve(answer.result);
        }
        settleIdle(worker);
      } else if (message.type === 'failure') {
        failure = message.failure;
        for (const listener of failureListeners) listener();
      } else if (message.type === 'log') log[message.level](message.message);
    });
    worker.on('error', stop);
    started.exited = new Promise((resolve) =>
      worker.once('exit', (code) => {
        stop(new Error(closing ? 'the store is closed' : `exit code ${code}`));
        resolve();
      }),
    );
    return started;
  };
  let current = start();

  /** The running thread: started again once after it died; a store whose second thread died refuses. */
  const live = (): Worker => {
    if (failed) throw failed;
    if (!current.stopped || closing) return current.worker;
    if (restarted) {
      failed = new StoreUnavailable(
        `the store's writer thread stopped again after a restart (${current.stopped.message}); deliveries cannot be stored until the inspector is restarted`,
      );
      log.error(`store: ${failed.message}`);
      throw failed;
    }
    restarted = true;
    log.warn(`store: restarting the writer thread (it stopped: ${current.stopped.message})`);
    current = start();
    // The new thread derives what the old one left pending.
    current.worker.postMessage({ type: 'schedule' } satisfies ToWriter);
    return current.worker;
  };
  const awaitAnswer = <T>(send: (worker: Worker, seq: number) => void): Promise<T> => {
    try {
      const worker = live();
      const seq = nextSeq++;
      if (waiting.size === 0) worker.ref();
      return new Promise<T>((resolve, reject) => {
        waiting.set(seq, { resolve: resolve as (result: unknown) => void, reject });
        send(worker, seq);
      });
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const call = (name: PgWriterCall) => awaitAnswer<void>((worker, seq) => worker.postMessage({ type: 'call', seq, call: name } satisfies ToWriter));
  const flushQueued = () => {
    const items = queued;
    queued = [];
    if (items.length > 0 && !current.stopped) current.worker.postMessage({ type: 'store', items } satisfies ToWriter);
  };

  return {
    storeDelivery: (delivery) =>
      awaitAnswer<number>((_, seq) => {
        if (queued.length === 0) setImmediate(flushQueued);
        // A record analysed here crosses without its parsed body (the thread reads bodies from the store when it needs them).
        queued.push({ seq, delivery: isAnalysed(delivery) ? { ...delivery, parsedBody: undefined } : delivery });
      }),
    // A thread that stopped has nothing queued: what was under way failed with it.
    drain: () => (current.stopped ? Promise.resolve() : call('drain')),
    derived: {
      schedule() {
        try {
          live().postMessage({ type: 'schedule' } satisfies ToWriter);
        } catch {
          // A store that refuses writes derives nothing more; its status says why.
        }
      },
      // A read derives what it can first; whether it could or not, it reads what is there (as on this thread).
      catchUpForRead: () => call('catchUpForRead').catch(() => {}),
      catchUpAll: () => call('catchUpAll'),
      isCurrent: () => options.isCurrent(),
      failure: () => failure,
      onFailureChange: (listener) => void failureListeners.push(listener),
      rebuild: () => call('rebuild'),
      // The derivation stops with the thread (close below).
      close: async () => {},
    },
    async close() {
      closing = true;
      flushQueued();
      if (!current.stopped) {
        current.worker.ref();
        current.worker.postMessage({ type: 'close' } satisfies ToWriter);
      }
      await current.exited;
    },
  };
}
