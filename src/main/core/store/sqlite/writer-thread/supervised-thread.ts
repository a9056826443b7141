import { StoreUnavailable } from '../../common/store-errors';
import type { StoreWriter } from '../store-writer';
import { startWriterThread, type WriterThread, type WriterThreadOptions } from './client';
import { silentLogger } from '../../../logger';

/**
 * The writer thread as the store uses it: a thread that dies is started again once (what was under way when it
 * died fails: its senders get a 503 and retry); if the new one dies too, the store has failed, loudly: every write
 * is refused with StoreUnavailable naming why (the receiver answers 503, the status and the log say so), and no
 * write ever moves to the main thread halfway.
 */
export function supervisedWriterThread(file: string, options: WriterThreadOptions): StoreWriter {
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
  /** A call on the live thread; a failed store's refusal as a rejected promise, as a call to a dead thread is. */
  const on =
    <A extends unknown[], R>(call: (thread: WriterThread, ...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      try {
        return call(live(), ...args);
      } catch (error) {
        return Promise.reject(error);
      }
    };

  return {
    insert: on((thread, items) => thread.insert(items)),
    // The store's file, whichever thread wrote to it.
    synced: () => current.synced(),
    beginBulkLoad: on((thread) => thread.beginBulkLoad()),
    bulkStore: on((thread, items) => thread.bulkStore(items)),
    endBulkLoad: on((thread) => thread.endBulkLoad()),
    prune: on((thread, limits, maxRows, now) => thread.prune(limits, maxRows, now)),
    reanalyze: on((thread, secret, afterId, maxRows) => thread.reanalyze(secret, afterId, maxRows)),
    writeSettings: on((thread, changes) => thread.writeSettings(changes)),
    insertReplay: on((thread, draft) => thread.insertReplay(draft)),
    reconcile: on((thread, write) => thread.reconcile(write)),
    step: on((thread) => thread.step()),
    fillIndexesWhileIdle: on((thread) => thread.fillIndexesWhileIdle()),
    catchUp: on((thread, maxRows) => thread.catchUp(maxRows)),
    catchUpAll: on((thread) => thread.catchUpAll()),
    indexSearchAll: on((thread) => thread.indexSearchAll()),
    clear: on((thread) => thread.clear()),
    isCurrent: on((thread) => thread.isCurrent()),
    close: () => {
      closed = true;
      return current.close();
    },
  };
}
