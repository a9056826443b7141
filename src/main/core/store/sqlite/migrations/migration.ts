import { createHash } from 'node:crypto';
import type { Db } from '../db';

/**
 * One version of the store's schema: takes it from user_version i to i + 1. Never edit a shipped one; add a new one.
 * Its hash is recorded in `schema_migrations` when applied and checked at every open (migrate.ts), and the committed
 * list of hashes (hashes.json, test/unit/store-migration-hashes.test.ts) fails the tests when one is edited.
 */
export interface Migration {
  (db: Db): void;
  /** Its file's name without `.ts`, e.g. `0017-lifecycle-event-facts`: names it in messages and in `schema_migrations`. */
  readonly id: string;
  /** The SHA-256 (hex) of its SQL, or of a code migration's version string. */
  readonly sha256: string;
}

export const sha256Of = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A migration that runs one SQL text, declared as data so that its hash is the same in every build. */
export function sqlMigration(id: string, sql: string): Migration {
  return Object.assign((db: Db) => void db.exec(sql), { id, sha256: sha256Of(sql) });
}

/**
 * A migration that runs code: hashing a function's source would change with the bundler, so it is hashed by a
 * version string, which an edit of the code must bump.
 */
export function codeMigration(id: string, version: string, run: (db: Db) => void): Migration {
  return Object.assign((db: Db) => run(db), { id, sha256: sha256Of(`${id}@${version}`) });
}
