import type { Statement } from 'better-sqlite3';
import type { RetentionLimits } from '../../../../shared/retention';
import { bodySearchIndex } from './body-search';
import type { DuplicateGrouping, GroupMember } from '../common/duplicate-grouping';
import { lifecycleQueries } from './lifecycles';
import type { Db } from './db';
import {
  candidatesToPrune,
  deleteGroupSql,
  regroupedValues,
  regroupSql,
  replaceGroupSql,
  touchedBy,
  type GroupFacts,
  type PruneCandidate,
  type PrunedKeys,
  retentionCountsOf,
  retentionCountsSql,
  type RetentionCounts,
} from '../common/pruning';
import { withoutOwnFsync } from './relaxed-sync';

/**
 * Retention on SQLite: removes the oldest deliveries past the limits, a small batch per transaction, on the
 * store's writer between its commits (writer-handlers.ts), without an fsync of its own (a crash undoes a whole batch, derived rows and search entries with it). Only deliveries already
 * derived are pruned, so the groups and lifecycles they leave are there to state again; one not yet in the search
 * index is simply never indexed.
 */
export function sqlitePruner(db: Db) {
  const readCounts = retentionCounts(db);
  const derivedThrough = db.prepare("SELECT value FROM store_counts WHERE name = 'derived_through'").pluck();
  // The receive-time index (deliveries_by_received) walks them oldest first.
  const oldest = db.prepare(
    `SELECT id, received_at, length(body) + length(CAST(headers AS BLOB)) AS size FROM deliveries
     WHERE id <= ? ORDER BY received_at, id LIMIT ?`,
  );
  const keysOf = db.prepare(
    'SELECT idempotency_key, body_sha256, lifecycle_key FROM deliveries WHERE id IN (SELECT value FROM json_each(?))',
  );
  // Replays go with their delivery (ON DELETE CASCADE); the triggers take it out of the counts.
  const remove = db.prepare('DELETE FROM deliveries WHERE id IN (SELECT value FROM json_each(?))');
  const notePruned = db.prepare(
    "UPDATE store_counts SET value = CASE name WHEN 'pruned' THEN value + ? ELSE ? END WHERE name IN ('pruned', 'pruned_at')",
  );
  const replaceGroup = db.prepare(replaceGroupSql);
  const deleteGroup = db.prepare(deleteGroupSql);
  const regroup = {
    idempotency_key: statementsOf(db, regroupSql('idempotency_key')),
    identical_bytes: statementsOf(db, regroupSql('identical_bytes')),
  };
  const search = bodySearchIndex(db);
  const lifecycles = lifecycleQueries(db);

  const factsOf = (grouping: DuplicateGrouping, through: number): GroupFacts | null => {
    const s = regroup[grouping.basis];
    const first = s.first.get(grouping.key, through) as GroupMember | undefined;
    if (!first) return null;
    return {
      count: s.count.pluck().get(grouping.key, through) as number,
      first,
      last: s.last.get(grouping.key, through) as GroupMember,
      otherBytes: s.otherBytes.get(grouping.key, through, first.bodySha256) !== undefined,
      otherDeliveryId: first.deliveryId !== null && s.otherDeliveryId.get(grouping.key, through, first.deliveryId) !== undefined,
      missingDeliveryId: s.missingDeliveryId.get(grouping.key, through) !== undefined,
    };
  };

  const pruneInTransaction = db.transaction((limits: RetentionLimits, now: number, maxRows: number): number => {
    const through = derivedThrough.get() as number;
    const candidates = oldest.all(through, maxRows) as PruneCandidate[];
    const chosen = candidatesToPrune(candidates, limits, now, readCounts().bytes);
    if (chosen.length === 0) return 0;
    const ids = JSON.stringify(chosen.map((c) => c.id));
    const touched = touchedBy(keysOf.all(ids) as PrunedKeys[]);
    search.unindex(chosen.map((c) => c.id));
    const removed = remove.run(ids).changes;
    for (const grouping of touched.groups) {
      const values = regroupedValues(grouping, factsOf(grouping, through));
      if (values) replaceGroup.run(...values);
      else deleteGroup.run(grouping.key);
    }
    for (const key of touched.lifecycles) lifecycles.refresh(key);
    notePruned.run(removed, now);
    return removed;
  });

  /** Removes up to `maxRows` of the oldest deliveries past the limits, in one transaction, now; how many. */
  const pruneNow = (limits: RetentionLimits, maxRows: number, now: number): number =>
    db.open ? withoutOwnFsync(db, () => pruneInTransaction.immediate(limits, now, maxRows)) : 0;

  return { pruneNow };
}

/** What the store holds and has pruned, as of the last commit or prune (store_counts, kept by triggers). */
export function retentionCounts(db: Db): () => RetentionCounts {
  const counts = db.prepare(retentionCountsSql);
  return () => retentionCountsOf(counts.all() as Array<{ name: string; value: number }>);
}

function statementsOf<K extends string>(db: Db, sql: Record<K, string>): Record<K, Statement<unknown[]>> {
  return Object.fromEntries(Object.entries<string>(sql).map(([name, text]) => [name, db.prepare(text)])) as Record<K, Statement<unknown[]>>;
}
