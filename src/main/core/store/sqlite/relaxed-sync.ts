import type { Statement } from 'better-sqlite3';
import type { Db } from './db';
import { deliveryKeysSchema } from './delivery-keys';

/** The `synchronous` pragma's statements of a connection, prepared once: a writer sets it around every call. */
interface SyncPragmas {
  read: Statement;
  /** `PRAGMA synchronous = N` of the store's file and of its keys file when attached, by N (0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA). */
  set: Map<number, Statement[]>;
  files: string[];
}
const pragmasOf = new WeakMap<Db, SyncPragmas>();

function syncPragmas(db: Db): SyncPragmas {
  let pragmas = pragmasOf.get(db);
  if (pragmas === undefined) {
    const attached = (db.pragma('database_list') as Array<{ name: string }>).some((file) => file.name === deliveryKeysSchema);
    pragmas = { read: db.prepare('PRAGMA synchronous').pluck(), set: new Map(), files: attached ? ['main', deliveryKeysSchema] : ['main'] };
    pragmasOf.set(db, pragmas);
  }
  return pragmas;
}

function setSynchronous(db: Db, pragmas: SyncPragmas, level: number): void {
  let statements = pragmas.set.get(level);
  if (statements === undefined) {
    statements = pragmas.files.map((file) => db.prepare(`PRAGMA ${file}.synchronous = ${level}`));
    pragmas.set.set(level, statements);
  }
  for (const statement of statements) statement.run();
}

/**
 * Runs the transactions of `work` without their own fsync (synchronous=NORMAL, set once around them all): for
 * work the main thread does beside the receiver, whose loss in a crash is redone or harmless, and whose fsync
 * would stall the event loop. Never raises a lower setting (a bulk load may run with OFF).
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
