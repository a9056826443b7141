import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { deliveryKeysAttachment } from './delivery-keys';
import { connectionPragmas } from './open';

/** better-sqlite3's entry, resolved from here (a CommonJS bundle has `require`; ES modules have import.meta). */
function driverPath(): string {
  return typeof require === 'function' ? require.resolve('better-sqlite3') : createRequire(import.meta.url).resolve('better-sqlite3');
}

// Opens the store in the worker with openStore's per-connection pragmas, then the worker's own, and attaches its keys
// file (delivery-keys.ts: a worker writes no delivery, so it needs none of the triggers).
const openInWorker = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, {
  fileMustExist: true,
  ...(workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {}),
});
for (const pragma of workerData.pragmas) db.pragma(pragma);
db.prepare(workerData.keys.attachSql).run(workerData.keys.file);
for (const pragma of workerData.keys.pragmas) db.pragma(pragma);
`;

export interface SqliteWorkerOptions {
  /** The store file, already created and migrated by openStore. */
  file: string;
  nativeBinding?: string;
  /** The worker's own per-connection pragmas, after the store's (`connectionPragmas`). */
  pragmas?: string[];
  /** More data for the body. */
  data?: Record<string, unknown>;
}

/**
 * A worker thread with its own connection to the store, running `body` (plain CommonJS, with `db`,
 * `parentPort` and `workerData` in scope) from a string, so that it needs no file of its own in any
 * build. Never keeps the process alive by itself.
 */
export function startSqliteWorker(body: string, options: SqliteWorkerOptions): Worker {
  const worker = new Worker(openInWorker + body, {
    eval: true,
    workerData: {
      driver: driverPath(),
      file: options.file,
      keys: deliveryKeysAttachment(options.file),
      nativeBinding: options.nativeBinding,
      pragmas: [...connectionPragmas, ...(options.pragmas ?? [])],
      ...options.data,
    },
  });
  worker.unref();
  return worker;
}
