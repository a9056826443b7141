import { startCheckpointer } from './checkpointer';
import { deliverySourceQueries } from './delivery-sources';
import { countDeliveries, deliveryFacets, getDelivery, listDeliveries } from './delivery-views';
import { deliveryWriter } from './delivery-writer';
import { deliveryIdEvidenceOf, listDuplicateGroups } from './duplicate-views';
import { exportQueries } from './export-queries';
import type { InspectorStore } from '../inspector-store';
import { getOrder, getRecipient, lifecycleFacets, listLifecycles, listOrders, viewLifecycle } from './lifecycle-views';
import { lifecycleQueries } from './lifecycles';
import type { Db } from './db';
import { openStore } from './open';
import { openStoreWriter } from './open-writer';
import { reanalyzeAll } from './reanalyze';
import { replaySourceQueries } from './replay-sources';
import { replayQueries } from './replays';
import { writeBehindSettings } from './settings';
import { retentionCounts } from './sqlite-pruner';
import type { SqliteWriter } from './sqlite-writer';
import { scanForText, storedIdRange, textSearchMode } from './text-scan';
import { builtWriterThreadFile } from './writer-thread/thread-file';
import { sqliteReconcileStore } from './reconcile-records';
import { silentLogger, type Logger } from '../../logger';

export interface SqliteStoreOptions {
  /** A better-sqlite3 binary built for this runtime (the desktop has its own). */
  nativeBinding?: string;
  /**
   * A receiving core: deliveries committed by a worker thread and the WAL checkpointed by another, so
   * fsyncs never stall the event loop. False (a command): everything on this thread.
   */
  background?: boolean;
  /** The built writer thread, when not beside this bundle (tests run the core from its sources); null: none. */
  writerThreadFile?: string | null;
  log?: Logger;
}

/** The embedded engine: one SQLite file (better-sqlite3), as described in docs/STORE.md. */
export type SqliteStore = InspectorStore & { readonly engine: 'sqlite'; readonly db: Db };

/**
 * Opens (creating and migrating if needed) the store in `file`, its writes on a writer thread for a receiving core
 * (background), else on this thread: chosen here, once (open-writer.ts).
 */
export function openSqliteStore(file: string, options: SqliteStoreOptions = {}): SqliteStore {
  const db = openStore(file, { nativeBinding: options.nativeBinding });
  try {
    const threadFile = options.background ? (options.writerThreadFile === undefined ? builtWriterThreadFile() : options.writerThreadFile) : null;
    if (options.background && threadFile === null) options.log?.warn('store: no writer thread beside this build; deliveries are analysed and written on the main thread');
    const writer = openStoreWriter(db, { threadFile, nativeBinding: options.nativeBinding, log: options.log });
    return sqliteStore(db, writer, options);
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * The InspectorStore over an open, migrated SQLite connection: it reads there, and writes through `writer` only
 * (on that connection, or on a thread's own). Closing the store stops the writer and closes the connection.
 */
export function sqliteStore(db: Db, writer: SqliteWriter, options: SqliteStoreOptions = {}): SqliteStore {
  const listeners: Array<(latestId: number) => void> = [];
  const deliveries = deliveryWriter(writer, {
    onCommitted: (latestId) => listeners.forEach((listener) => listener(latestId)),
    log: options.log,
  });
  const checkpointer = options.background ? startCheckpointer(db, { nativeBinding: options.nativeBinding, log: options.log }) : null;
  const { derived } = deliveries;
  const lifecycles = lifecycleQueries(db);
  const sources = replaySourceQueries(db);
  const exports = exportQueries(db);
  const settings = writeBehindSettings(db, (changes) => writer.writeSettings(changes), options.log ?? silentLogger);
  const replays = replayQueries(db);
  const counts = retentionCounts(db);

  return {
    engine: 'sqlite',
    db,
    storeDelivery: (delivery) => deliveries.enqueue(delivery),
    onCommitted: (listener) => void listeners.push(listener),
    drain: () => deliveries.drain(),

    deliveryCount: () => countDeliveries(db),
    listDeliveries: async (query) => listDeliveries(db, query),
    getDelivery: async (id) => getDelivery(db, id),
    textSearchMode,
    storedIdRange: async () => storedIdRange(db),
    scanForText: async (filter, fromId, belowId) => scanForText(db, filter, fromId, belowId),
    deliveryFacets: async () => deliveryFacets(db),

    derived: {
      schedule: () => derived.schedule(),
      catchUpForRead: () => derived.catchUpForRead(),
      catchUpAll: () => derived.catchUpAll(),
      isCurrent: () => derived.isCurrent(),
      failure: () => derived.failure(),
      onFailureChange: (listener) => derived.onFailureChange(listener),
    },
    listDuplicateGroups: async (beforeLastId, limit) => listDuplicateGroups(db, beforeLastId, limit),
    deliveryIdEvidence: async () => deliveryIdEvidenceOf(db),
    listLifecycles: async (filter, before, limit) => listLifecycles(db, filter, before, limit),
    lifecycleFacets: async () => lifecycleFacets(db),
    loadLifecycle: async (key) => lifecycles.load(key),
    viewLifecycle: async (key) => viewLifecycle(db, key),
    getRecipient: async (key) => getRecipient(db, key),
    getOrder: async (uuid) => getOrder(db, uuid, settings),
    listOrders: async (limit) => listOrders(db, limit, settings),

    reanalyze: (secret, reanalyzeOptions) => reanalyzeAll((...batch) => writer.reanalyze(...batch), secret, derived, reanalyzeOptions),

    replays: {
      insert: (draft) => writer.insertReplay(draft),
      listForDelivery: async (deliveryId, limit) => replays.listForDelivery(deliveryId, limit),
      sentBody: async (replayId) => replays.sentBody(replayId),
    },
    replaySources: {
      one: async (id) => sources.one(id),
      many: async (ids) => sources.many(ids),
      withIdempotencyKey: async (key) => sources.withIdempotencyKey(key),
    },

    retention: {
      counts,
      pruneBatch: (limits, maxRows, now = Date.now()) => writer.prune(limits, maxRows, now),
    },
    reconcile: sqliteReconcileStore(db, (write) => writer.reconcile(write)),
    settings,
    deliverySource: (name) => {
      const queries = deliverySourceQueries(db, settings, name);
      return { alreadyStored: async (ids) => queries.alreadyStored(ids), count: async () => queries.count(), cursor: queries.cursor };
    },

    scope: async (scope) => exports.scope(scope),
    storedDelivery: async (id) => exports.storedDelivery(id),
    exportPage: async (afterId, limit) => exports.exportPage(afterId, limit),
    lifecycleKeys: async (afterKey, limit) => exports.lifecycleKeys(afterKey, limit),

    async close() {
      await settings.flush();
      await deliveries.close();
      await checkpointer?.close();
      db.close();
    },
  };
}
