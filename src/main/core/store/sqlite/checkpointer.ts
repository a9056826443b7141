import { LastingFailure } from '../common/lasting-failure';
import type { Db } from './db';
import { startSqliteWorker } from './sqlite-worker';
import { silentLogger, type Logger } from '../../logger';

/** How often the worker copies the WAL's new pages into the database. */
const intervalMs = 100;
/**
 * While the worker runs, the writing connections checkpoint by themselves only past this many WAL pages
 * (8 MiB). Under steady writes the worker is always a little behind, so SQLite never finds the WAL fully
 * copied and restarts it; a writer's own checkpoint then finds almost everything copied already, and
 * restarts it cheaply. It is also the backstop for a worker that falls behind.
 */
export const backstopPages = 2_000;
/** SQLite's default, restored when the worker is gone. */
const defaultAutocheckpointPages = 1_000;

const checkpointLoop = `
let failing = false;
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    if (failing) parentPort.postMessage({ failed: null });
    failing = false;
  } catch (error) {
    failing = true;
    parentPort.postMessage({ failed: String((error && error.message) || error) });
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Checkpoints from a worker thread with its own connection: copying the WAL into the database (and its
 * fsync) then no longer stalls the event loop that answers deliveries. A PASSIVE checkpoint never blocks
 * a writer. If the worker cannot start or dies, the store's connection checkpoints as SQLite does by default.
 */
export function startCheckpointer(db: Db, options: { nativeBinding?: string; log?: Logger } = {}) {
  const log = options.log ?? silentLogger;
  const fallBack = (why: string) => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${defaultAutocheckpointPages}`);
    log.warn(`store: checkpoints run on the main thread (${why})`);
  };
  let worker: ReturnType<typeof startSqliteWorker>;
  try {
    worker = startSqliteWorker(checkpointLoop, {
      file: db.name,
      nativeBinding: options.nativeBinding,
      data: { intervalMs },
    });
  } catch (error) {
    fallBack((error as Error).message);
    return { close: async () => {} };
  }
  db.pragma(`wal_autocheckpoint = ${backstopPages}`);
  // Retried every interval anyway: only a failure that lasts is logged (once, and once when it is over).
  const failure = new LastingFailure(
    { failing: 'the WAL cannot be checkpointed into the database', recovered: 'checkpoints work again' },
    { log },
  );
  worker.on('message', (message: { failed: string | null }) => {
    if (message.failed === null) failure.succeeded();
    else failure.failed(message.failed);
  });
  worker.on('error', (error) => fallBack(error.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    /** Stops the worker and closes its connection (before the store's own, so that the last close removes the WAL). */
    async close(): Promise<void> {
      // Held until it has closed its connection: with nothing else on the event loop, the process would end first.
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
