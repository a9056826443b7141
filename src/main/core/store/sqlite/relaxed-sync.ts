import type { Db } from './db';

/**
 * Runs the transactions of `work` without their own fsync (synchronous=NORMAL, set once around them all): for
 * work the main thread does beside the receiver, whose loss in a crash is redone or harmless, and whose fsync
 * would stall the event loop. Never raises a lower setting (a bulk load may run with OFF).
 */
export function withoutOwnFsync<T>(db: Db, work: () => T): T {
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  // 1 is NORMAL.
  if (db.inTransaction || synchronous <= 1) return work();
  db.pragma('synchronous = NORMAL');
  try {
    return work();
  } finally {
    db.pragma(`synchronous = ${synchronous}`);
  }
}
