import { StoreUnavailable } from '../../common/store-errors';
import type { SqliteWriter } from '../sqlite-writer';
import { writerCallsThrough } from '../writer-calls';
import { startWriterThread, type WriterThread, type WriterThreadOptions } from './client';
import { silentLogger } from '../../../logger';

/**
 * The writer thread as the store uses it: a thread that dies is started again once (what was under way when it
 * died fails: its senders get a 503 and retry); if the new one dies too, the store has failed, loudly: every write
 * is refused with StoreUnavailable naming why (the receiver answers 503, the status and the log say so), and no
 * write ever moves to the main thread halfway.
 */
export function supervisedWriterThread(file: string, options: WriterThreadOptions): SqliteWriter {
  const log = options.log ?? silentLogger;
  let current = startWriterThread(file, options);
  let restarted = false;
  let failed: StoreUnavailable | null = null;
  let closed = false;

  const live = (): WriterThread => {
    if (failed) throw failed;
    // Closed (the store is closing): the thread's own refusal, never a new thread.
    if (!current.stopped || closed) return current;
    const why = current.stoppedBecause ?? 'it stopped';
    if (restarted) {
      failed = new StoreUnavailable(`the store's writer thread stopped again after a restart (${why}); deliveries cannot be stored until the inspector is restarted`);
      log.error(`store: ${failed.message}`);
      throw failed;
    }
    restarted = true;
    log.warn(`store: restarting the writer thread (it stopped: ${why})`);
    current = startWriterThread(file, options);
    return current;
  };
  return writerCallsThrough(
    {
      // The store's file, whichever thread wrote to it.
      synced: () => current.synced(),
      close: () => {
        closed = true;
        return current.close();
      },
    },
    // A call on the live thread; a failed store's refusal as a rejected promise, as a call to a dead thread is.
    (call, args) => {
      try {
        return (live()[call] as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        return Promise.reject(error);
      }
    },
  );
}
