import type pg from 'pg';
import type { RetentionLimits } from '../../../../shared/retention';
import type { DuplicateGrouping, GroupMember } from '../common/duplicate-grouping';
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
import type { RecentParsedBodies } from '../common/recent-parsed-bodies';
import { inTransaction } from './connect';
import { deriveLock, refreshLifecycle } from './derived';
import { numbered } from './sql';

async function factsOf(client: pg.PoolClient, grouping: DuplicateGrouping, through: number): Promise<GroupFacts | null> {
  const sql = regroupSql(grouping.basis);
  const one = async <T extends pg.QueryResultRow>(text: string, extra: unknown[] = []) =>
    (await client.query<T>(numbered(text), [grouping.key, through, ...extra])).rows[0];
  const first = await one<GroupMember>(sql.first);
  if (!first) return null;
  return {
    count: (await one<{ count: number }>(sql.count))!.count,
    first,
    last: (await one<GroupMember>(sql.last))!,
    otherBytes: (await one(sql.otherBytes, [first.bodySha256])) !== undefined,
    otherDeliveryId: first.deliveryId !== null && (await one(sql.otherDeliveryId, [first.deliveryId])) !== undefined,
    missingDeliveryId: (await one(sql.missingDeliveryId)) !== undefined,
  };
}

/**
 * Retention on PostgreSQL, as the SQLite store prunes (sqlite-pruner.ts): the oldest deliveries past the limits,
 * a small batch per transaction, only those already derived, under the derivation's lock so that the two never
 * interleave; the counts it changes are kept here as the writer's are.
 */
export async function pgPruner(pool: pg.Pool, parsedBodies: RecentParsedBodies) {
  const read = async (): Promise<RetentionCounts> => retentionCountsOf((await pool.query<{ name: string; value: number }>(retentionCountsSql)).rows);
  let counts = await read();

  const pruneBatch = (limits: RetentionLimits, maxRows: number, now: number) =>
    inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [deriveLock]);
      const through = (await client.query<{ value: number }>("SELECT value FROM store_counts WHERE name = 'derived_through'"))
        .rows[0]!.value;
      const bytes = (await client.query<{ value: number }>("SELECT value FROM store_counts WHERE name = 'stored_bytes'"))
        .rows[0]!.value;
      const { rows: candidates } = await client.query<PruneCandidate>(
        `SELECT id, received_at, octet_length(body) + octet_length(headers) AS size FROM deliveries
         WHERE id <= $1 ORDER BY received_at, id LIMIT $2`,
        [through, maxRows],
      );
      const chosen = candidatesToPrune(candidates, limits, now, bytes);
      if (chosen.length === 0) return 0;
      const ids = chosen.map((c) => c.id);
      const removed = await client.query<PrunedKeys & { size: number }>(
        `DELETE FROM deliveries WHERE id = ANY($1::bigint[])
         RETURNING idempotency_key, body_sha256, lifecycle_key, octet_length(body) + octet_length(headers) AS size`,
        [ids],
      );
      const touched = touchedBy(removed.rows);
      for (const grouping of touched.groups) {
        const values = regroupedValues(grouping, await factsOf(client, grouping, through));
        if (values) await client.query(numbered(replaceGroupSql), values);
        else await client.query(numbered(deleteGroupSql), [grouping.key]);
      }
      for (const key of touched.lifecycles) await refreshLifecycle(client, key, parsedBodies);
      const freed = removed.rows.reduce((sum, r) => sum + r.size, 0);
      await client.query(
        `UPDATE store_counts SET value = CASE name
           WHEN 'deliveries' THEN value - $1::bigint WHEN 'stored_bytes' THEN value - $2::bigint
           WHEN 'pruned' THEN value + $1::bigint ELSE $3::bigint END
         WHERE name IN ('deliveries', 'stored_bytes', 'pruned', 'pruned_at')`,
        [removed.rowCount ?? 0, freed, now],
      );
      return removed.rowCount ?? 0;
    });

  return {
    counts: () => counts,
    /** The writer's commit says the count and bytes it left. */
    committed(written: { deliveries: number; bytes: number }): void {
      counts = { ...counts, ...written };
    },
    async pruneBatch(limits: RetentionLimits, maxRows: number, now = Date.now()): Promise<number> {
      const removed = await pruneBatch(limits, maxRows, now);
      if (removed > 0) counts = await read();
      return removed;
    },
  };
}
