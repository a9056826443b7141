import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { Db } from '../db';
import { attachDeliveryKeys } from '../delivery-keys';
import type { WriterCall } from '../writer-calls';
import { storeWriterHandlers, type WriterItem } from '../writer-handlers';
import { carriesBodies, withSharedBodies } from './shared-bodies';

/** The writer thread's entry (built as its own file beside the main bundle: see thread-file.ts): the store's writes on its own connection. */
export interface WriterThreadData {
  file: string;
  nativeBinding?: string;
  pragmas: string[];
  /** Where the rows' bodies of insert and bulkStore are given (shared-bodies.ts). */
  sharedBodies: SharedArrayBuffer;
}

export interface WriterRequest {
  seq: number;
  call: WriterCall;
  args: unknown[];
}

export type WriterReply = { seq: number; result: unknown } | { seq: number; error: string };

const port = parentPort!;
const data = workerData as WriterThreadData;
const db: Db = new Database(data.file, { fileMustExist: true, ...(data.nativeBinding ? { nativeBinding: data.nativeBinding } : {}) });
for (const pragma of data.pragmas) db.pragma(pragma);
attachDeliveryKeys(db, { writes: true, receives: true });
const handlers = storeWriterHandlers(db);

port.on('message', (message: WriterRequest | 'close') => {
  if (message === 'close') {
    db.close();
    port.close();
    return;
  }
  try {
    const run = handlers[message.call] as (...args: unknown[]) => unknown;
    const args = carriesBodies(message.call)
      ? [withSharedBodies(data.sharedBodies, message.args[0] as WriterItem[]), ...message.args.slice(1)]
      : message.args;
    port.postMessage({ seq: message.seq, result: run(...args) } satisfies WriterReply);
  } catch (error) {
    port.postMessage({ seq: message.seq, error: error instanceof Error ? error.message : String(error) } satisfies WriterReply);
  }
});
