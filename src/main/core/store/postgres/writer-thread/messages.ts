import type { UpkeepFailure } from '../../../../../shared/contract';
import type { IncomingDelivery } from '../../../delivery-record/delivery-record';
import { BadStoreInput, StoreUnavailable } from '../../common/store-errors';
import type { StoredCounts } from '../delivery-writer';

/** What the PostgreSQL store's writer thread is started with. */
export interface PgWriterData {
  url: string;
}

/** The calls the thread answers (each with the same name in PgStoreWrites or its derivation). */
export type PgWriterCall = 'drain' | 'catchUpForRead' | 'catchUpAll' | 'rebuild';

/** To the thread: deliveries to store (those handed over in one turn of the event loop), a call, or its end. */
export type ToWriter =
  | { type: 'store'; items: Array<{ seq: number; delivery: IncomingDelivery }> }
  | { type: 'call'; seq: number; call: PgWriterCall }
  | { type: 'schedule' }
  | { type: 'close' };

/** An error as it crosses: the store's own kinds keep their kind (and so their status: 503, 400). */
export interface PostedError {
  kind: 'unavailable' | 'bad-input' | 'other';
  message: string;
}

/** From the thread: a commit, the answers settled in one turn, the derivation's failure, a log line. */
export type FromWriter =
  | { type: 'committed'; latestId: number; counts: StoredCounts }
  | { type: 'settled'; answers: Array<{ seq: number; result: unknown } | { seq: number; error: PostedError }> }
  | { type: 'failure'; failure: UpkeepFailure | null }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string };

export function postedError(error: unknown): PostedError {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof StoreUnavailable) return { kind: 'unavailable', message };
  if (error instanceof BadStoreInput) return { kind: 'bad-input', message };
  return { kind: 'other', message };
}

export function errorOfPosted(posted: PostedError): Error {
  if (posted.kind === 'unavailable') return new StoreUnavailable(posted.message);
  if (posted.kind === 'bad-input') return new BadStoreInput(posted.message);
  return new Error(posted.message);
}
