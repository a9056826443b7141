import type { ReconcileReads, StoreReader } from './reader';
import type { ReconcileWrites, StoreWriter } from './writer';

/**
 * The store's door: the inspector's own store, whatever engine keeps it (SQLite, embedded, the default, or
 * PostgreSQL, a team's shared server), is what reads it (reader.ts), what writes to it (writer.ts) and its
 * lifecycle; store/index.ts opens it. Every module of the core outside store/ goes through these files, and takes
 * the narrowest part it needs; each engine answers the same.
 */

export type { SettingsStore } from './common/settings-store';

/** Reconcile's records, read and kept. */
export type ReconcileStore = ReconcileReads & ReconcileWrites;

/** The store as opened (store/index.ts's openStore) until it is closed. */
export interface StoreLifecycle {
  readonly engine: 'sqlite' | 'postgresql';
  /** Commits what is queued (a command about to read back what it stored). */
  drain(): Promise<void>;
  /** Commits what is queued, stops background work, closes the connections. */
  close(): Promise<void>;
}

export type InspectorStore = StoreReader & StoreWriter & StoreLifecycle;
