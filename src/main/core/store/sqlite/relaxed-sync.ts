import type { Statement } from 'better-sqlite3';
import type { Db } from './db';

/** The `synchronous` pragma's statements of a connection, prepared once: a writer sets it around every call. */
interface SyncPragmas {
  read: Statement;
  /** `PRAGMA synchronous = N`, by N (0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA). */
  set: Map<number, Statement>;
}
const pragmasOf = new WeakMap<Db, SyncPragmas>();

function syncPragmas(db: Db): SyncPragmas {
  let pragmas = pragmasOf.get(db);
  if (pragmas === undefined) {
    pragmas = { read: db.prepare('PRAGMA synchronous').pluck(), set: new Map() };
    pragmasOf.set(db, pragmas);
  }
  return pragmas;
}

function setSynchronous(db: Db, pragmas: SyncPragmas, level: number): void {
  let statement = pragmas.set.get(level);
  if (statement === undefined) {
    statement = db.prepare(`PRAGMA synchronous = ${level}`);
    pragmas.set.set(level, statement);
  }
  statement.run();
}

/**
 * Runs the transactions of `work` without their own fsync (synchronous=NORMAL, set once around them all): for
 * work the main thread does beside the receiver, whose loss in a crash is redone or harmless, and whose fsync
 * would stall the event loop. Never raises a lower setting (a bulk load may run with OFF). The store's file alone:
 * its keys file is NORMAL on every connection (delivery-keys.ts).
 */
export function withoutOwnFsync<T>(db: Db, work: () => T): T {
  const pragmas = syncPragmas(db);
  const synchronous = pragmas.read.get() as number;
  // 1 is NORMAL.
  if (db.inTransaction || synchronous <= 1) return work();
  setSynchronous(db, pragmas, 1);
  try {
    return work();
  } finally {
    setSynchronous(db, pragmas, synchronous);
  }
}
