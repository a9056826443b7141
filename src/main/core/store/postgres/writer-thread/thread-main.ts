import { parentPort, workerData } from 'node:worker_threads';
import type { IncomingDelivery } from '../../../delivery-record/delivery-record';
import { connectPool } from '../connect';
import { pgStoreWrites } from '../store-writes';
import { postedError, type FromWriter, type PgWriterData, type ToWriter } from './messages';
import type { Logger } from '../../../logger';

/**
 * The PostgreSQL store's writer thread (built as a file of its own beside the main bundle: thread-file.ts): the
 * deliveries' analysis, their group commits and the derivation, on a pool of its own, so that none of it holds the
 * event loop that answers senders. Its answers settled in one turn go back in one message.
 */
const port = parentPort!;
const { url } = workerData as PgWriterData;
const post = (message: FromWriter) => port.postMessage(message);
const log: Logger = {
  info: (message) => post({ type: 'log', level: 'info', message }),
  warn: (message) => post({ type: 'log', level: 'warn', message }),
  error: (message) => post({ type: 'log', level: 'error', message }),
};

const pool = connectPool(url, log);
const writes = pgStoreWrites(pool, { log, onCommitted: (latestId, counts) => post({ type: 'committed', latestId, counts }) });
writes.derived.onFailureChange(() => post({ type: 'failure', failure: writes.derived.failure() }));

type Answer = Extract<FromWriter, { type: 'settled' }>['answers'][number];
let answers: Answer[] = [];
const flushAnswers = () => {
  if (answers.length === 0) return;
  post({ type: 'settled', answers });
  answers = [];
};
const settled = (one: Answer) => {
  if (answers.length === 0) setImmediate(flushAnswers);
  answers.push(one);
};
const answer = (seq: number, work: Promise<unknown>) =>
  void work.then(
    (result) => settled({ seq, result: result ?? null }),
    (error: unknown) => settled({ seq, error: postedError(error) }),
  );

/** A body crosses as a Uint8Array: the analysis and the row read it as the Buffer it was. */
function withBuffer<T extends IncomingDelivery>(delivery: T): T {
  const body = delivery.raw.body;
  return { ...delivery, raw: { ...delivery.raw, body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) } };
}

const calls = {
  drain: () => writes.drain(),
  catchUpForRead: () => writes.derived.catchUpForRead(),
  catchUpAll: () => writes.derived.catchUpAll(),
  rebuild: () => writes.derived.rebuild(),
};

port.on('message', (message: ToWriter) => {
  if (message.type === 'store') {
    for (const { seq, delivery } of message.items) answer(seq, writes.storeDelivery(withBuffer(delivery)));
  } else if (message.type === 'call') {
    answer(message.seq, calls[message.call]());
  } else if (message.type === 'schedule') {
    writes.derived.schedule();
  } else {
    void writes
      .close()
      .finally(() => pool.end())
      .finally(() => {
        flushAnswers();
        port.close();
      });
  }
});
