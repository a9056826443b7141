import { RecentBodyConclusions } from '../../analysis/recent-body-conclusions';
import { analysedRecord } from '../../delivery-record/build-record';
import type { InspectorStore } from '../inspector-store';
import { RecentParsedBodies } from '../common/recent-parsed-bodies';
import { connectPool } from './connect';
import { pgDerivedResults, loadLifecycle } from './derived';
import { pgDerivedViews } from './derived-views';
import { deliveryFacets, getDelivery, listDeliveries, scanForText, storedIdRange } from './delivery-views';
import { pgDeliveryWriter } from './delivery-writer';
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

/**
 * The server engine: the inspector's store in a PostgreSQL database (a team's shared inspector), migrated on
 * open. The same answers as the SQLite store; the free-text search through pg_trgm.
 */
export async function openPostgresStore(url: string, options: { log?: Logger } = {}): Promise<InspectorStore> {
  const log = options.log ?? silentLogger;
  const pool = connectPool(url, log);
  try {
    await migrateInspectorSchema(pool);
    const settings = await pgSettings(pool, log);
    const parsedBodies = new RecentParsedBodies();
    const pruner = await pgPruner(pool, parsedBodies);
    const listeners: Array<(latestId: number) => void> = [];
    const derived = pgDerivedResults(pool, { parsedBodies, log });
    const writer = pgDeliveryWriter(pool, {
      parsedBodies,
      onCommitted(latestId, counts) {
        pruner.committed(counts);
        derived.schedule();
        for (const listener of listeners) listener(latestId);
      },
    });
    const recentBodies = new RecentBodyConclusions();
    const views = pgDerivedViews(pool, settings);
    const exports = pgExports(pool);
    return {
      engine: 'postgresql',
      storeDelivery: (delivery) => writer.enqueue(analysedRecord(delivery, recentBodies)),
      onCommitted: (listener) => void listeners.push(listener),
      drain: () => writer.drain(),

      deliveryCount: () => pruner.counts().deliveries,
      listDeliveries: (query) => listDeliveries(pool, query),
      getDelivery: (id) => getDelivery(pool, id),
      // pg_trgm's index narrows any text of three characters or more, and LIKE scans only what it cannot.
      textSearchMode: () => 'index',
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
        await writer.drain();
        await derived.close();
        await settings.flush();
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}
