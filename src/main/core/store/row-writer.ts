import { backstopPages } from './checkpointer';
import { insertBodyIndex, insertDeliverySql } from './deliveries';
import type { Db } from './open';
import { startSqliteWorker } from './sqlite-worker';

const insertLoop = `
const insert = db.prepare(workerData.sql);
const insertAll = db.transaction((rows) =>
  rows.map((row) => {
    // A Buffer arrives as a Uint8Array.
    const body = row[workerData.bodyIndex];
    row[workerData.bodyIndex] = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    return Number(insert.run(...row).lastInsertRowid);
  }),
);
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage({ ids: insertAll(message) });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;

interface InFlight {
  resolve: (ids: number[]) => void;
  reject: (error: Error) => void;
}

/**
 * Inserts delivery rows and commits them (synchronous=FULL) in a worker thread with its own connection,
 * one batch at a time: the fsync no longer stalls the event loop that answers deliveries. Null when the
 * worker cannot start; if it dies, the batch under way fails and `commit` throws from then on.
 */
export function startRowWriter(db: Db, options: { nativeBinding?: string; log?: (line: string) => void } = {}) {
  const log = options.log ?? (() => {});
  let worker: ReturnType<typeof startSqliteWorker>;
  try {
    worker = startSqliteWorker(insertLoop, {
      file: db.name,
      nativeBinding: options.nativeBinding,
      pragmas: [`wal_autocheckpoint = ${backstopPages}`],
      data: { sql: insertDeliverySql, bodyIndex: insertBodyIndex },
    });
  } catch (error) {
    log(`store: deliveries are written on the main thread (${(error as Error).message})`);
    return null;
  }
  let inFlight: InFlight | null = null;
  let dead: Error | null = null;
  const settle = (outcome: { ids?: number[]; error?: string }) => {
    const waiting = inFlight;
    inFlight = null;
    if (outcome.ids) waiting?.resolve(outcome.ids);
    else waiting?.reject(new Error(outcome.error ?? 'the store writer stopped'));
  };
  worker.on('message', settle);
  worker.on('error', (error) => {
    dead = error;
    log(`store: the delivery writer stopped (${error.message})`);
    settle({ error: error.message });
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      dead ??= new Error('the store writer stopped');
      settle({ error: dead.message });
      resolve();
    }),
  );
  return {
    /** Whether the worker stopped (its connection failed to open, or it crashed). */
    get stopped(): boolean {
      return dead !== null;
    },
    /** Rows as `insertValues` makes them. */
    commit(rows: unknown[][]): Promise<number[]> {
      if (dead) return Promise.reject(dead);
      if (inFlight) return Promise.reject(new Error('one batch at a time'));
      return new Promise<number[]>((resolve, reject) => {
        inFlight = { resolve, reject };
        worker.postMessage(rows);
      });
    },
    async close(): Promise<void> {
      worker.postMessage('close');
      await exited;
    },
  };
}
