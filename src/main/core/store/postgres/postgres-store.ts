import type pg from 'pg';
import type { InspectorStore } from '../inspector-store';
import { RecentParsedBodies } from '../common/recent-parsed-bodies';
import { textSearchMode } from '../common/search-terms';
import { connectPool } from './connect';
import { derivedIsCurrent, loadLifecycle } from './derived';
import { pgDerivedViews } from './derived-views';
import { deliveryFacets, getDelivery, listDeliveries, scanForText, storedIdRange } from './delivery-views';
import type { StoredCounts } from './delivery-writer';
import { pgStoreWrites, type PgStoreWrites } from './store-writes';
import { pgWriterThread } from './writer-thread/client';
import { builtPostgresWriterFile } from './writer-thread/thread-file';
import { reanalyzeAll } from './reanalyze';
import { pgDeliverySource, pgExports, pgReplays, pgReplaySources } from './records';
import { pgPruner } from './pruner';
import { migrateInspectorSchema } from './schema';
import { pgSettings } from './settings';
import { pgReconcileStore } from './reconcile-records';
import { silentLogger, type Logger } from '../../logger';

/** A store URL fit to show: no password, and no parameters (one may carry a password too). */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.search = '';
    return parsed.toString();
  } catch {
    return 'postgresql://…';
  }
}

export interface PostgresStoreOptions {
  log?: Logger;
  /**
   * A receiving core: the deliveries' analysis, commits and derivation on a writer thread with a pool of its own, so
   * that none of it holds the event loop that answers senders. False (a command): everything on this thread.
   */
  background?: boolean;
  /** The built writer thread, when not beside this bundle (tests run the core from its sources); null: none. */
  writerThreadFile?: string | null;
}

/**
 * The server engine: the inspector's store in a PostgreSQL database (a team's shared inspector), migrated on
 * open. The same answers as the SQLite store; the free-text search through an index of the bodies' words.
 */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<InspectorStore> {
  const log = options.log ?? silentLogger;
  const pool = connectPool(url, log);
  try {
    await migrateInspectorSchema(pool);
    const settings = await pgSettings(pool, log);
    const parsedBodies = new RecentParsedBodies();
    const pruner = await pgPruner(pool, parsedBodies);
    const listeners: Array<(latestId: number) => void> = [];
    const writes = openWrites(pool, url, options, log, parsedBodies, (latestId, counts) => {
      pruner.committed(counts);
      for (const listener of listeners) listener(latestId);
    });
    const { derived } = writes;
    const views = pgDerivedViews(pool, settings);
    const exports = pgExports(pool);
    return {
      engine: 'postgresql',
      storeDelivery: (delivery) => writes.storeDelivery(delivery),
      onCommitted: (listener) => void listeners.push(listener),
      drain: () => writes.drain(),

      deliveryCount: () => pruner.counts().deliveries,
      listDeliveries: (query) => listDeliveries(pool, query),
      getDelivery: (id) => getDelivery(pool, id),
      // The index of the bodies' words narrows what a text proves (as SQLite's does); any other text is searched body by body.
      textSearchMode,
      storedIdRange: () => storedIdRange(pool),
      scanForText: (filter, fromId, belowId) => scanForText(pool, filter, fromId, belowId),
      deliveryFacets: () => deliveryFacets(pool),

      derived,
      ...views,
      deliveryIdEvidence: views.deliveryIdEvidence,
      loadLifecycle: async (key) => (await loadLifecycle(pool, key))?.lifecycle ?? null,

      async reanalyze(secret, reanalyzeOptions) {
        const { count: reanalyzed, keysChanged } = await reanalyzeAll(pool, secret);
        if (keysChanged || reanalyzeOptions?.rebuild) await derived.rebuild();
        return reanalyzed;
      },

      replays: pgReplays(pool),
      replaySources: pgReplaySources(pool),
      retention: { counts: () => pruner.counts(), pruneBatch: (limits, maxRows, now) => pruner.pruneBatch(limits, maxRows, now) },
      reconcile: pgReconcileStore(pool),
      settings,
      deliverySource: (name) => pgDeliverySource(pool, settings, name),

      scope: (scope) => exports.scope(scope),
      storedDelivery: (id) => exports.storedDelivery(id),
      exportPage: (afterId, limit) => exports.exportPage(afterId, limit),
      lifecycleKeys: (afterKey, limit) => exports.lifecycleKeys(afterKey, limit),

      async close() {
        await writes.close();
        await settings.flush();
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}

/** The writes on the writer thread for a receiving core when it is built, else on this thread (sharing its parsed bodies). */
function openWrites(
  pool: pg.Pool,
  url: string,
  options: PostgresStoreOptions,
  log: Logger,
  parsedBodies: RecentParsedBodies,
  onCommitted: (latestId: number, counts: StoredCounts) => void,
): PgStoreWrites {
  const threadFile = options.background ? (options.writerThreadFile === undefined ? builtPostgresWriterFile() : options.writerThreadFile) : null;
  if (options.background && threadFile === null) log.warn('store: no writer thread beside this build; deliveries are analysed and written on the main thread');
  if (threadFile === null) return pgStoreWrites(pool, { log, onCommitted, parsedBodies });
  return pgWriterThread({ threadFile, url, log, onCommitted, isCurrent: () => derivedIsCurrent(pool) });
}
