import type pg from 'pg';
import { groupingOf, type DuplicateGrouping, type GroupMember } from '../common/duplicate-grouping';
import type { PendingRow } from './pending-row';

/** The first stored delivery of a grouping (the lowest id), and the lifecycle it went to. */
export interface FirstCopy extends GroupMember {
  lifecycleKey: string | null;
}

/** Each grouping's first copy, by `${basis} ${key}`. */
export type FirstCopies = ReadonlyMap<string, FirstCopy>;

export const firstCopyOf = (firsts: FirstCopies, grouping: DuplicateGrouping): FirstCopy | undefined => firsts.get(`${grouping.basis} ${grouping.key}`);

/**
 * Each key's first copy, by basis (`$1` the idempotency keys, `$2` the body hashes of deliveries without one): one
 * index seek per key (deliveries_by_key, deliveries_by_identical_bytes), however many copies its group has.
 */
const firstCopiesSql = `
  SELECT 'idempotency_key' AS basis, k.key, f.id, f.received_at AS "receivedAt", f.body_sha256 AS "bodySha256",
    f.delivery_id AS "deliveryId", f.lifecycle_key AS "lifecycleKey"
  FROM unnest($1::text[]) AS k(key) CROSS JOIN LATERAL (
    SELECT id, received_at, body_sha256, delivery_id, lifecycle_key FROM deliveries WHERE idempotency_key = k.key ORDER BY id LIMIT 1) f
  UNION ALL
  SELECT 'identical_bytes', k.key, f.id, f.received_at, f.body_sha256, f.delivery_id, f.lifecycle_key
  FROM unnest($2::text[]) AS k(key) CROSS JOIN LATERAL (
    SELECT id, received_at, body_sha256, delivery_id, lifecycle_key FROM deliveries
    WHERE idempotency_key IS NULL AND body_sha256 = k.key ORDER BY id LIMIT 1) f`;

/**
 * The first copies of a derived batch's groupings, in one statement: the duplicate groups start from them, and the
 * lifecycles tell a further copy of an event from a new one by them (derive-lifecycles.ts). The batch's rows are
 * committed, so each of its groupings has one, itself at the least.
 */
export async function readFirstCopies(client: pg.PoolClient, rows: readonly PendingRow[]): Promise<FirstCopies> {
  const keys = { idempotency_key: new Set<string>(), identical_bytes: new Set<string>() };
  for (const row of rows) {
    const grouping = groupingOf(row.idempotency_key, row.body_sha256);
    if (grouping !== null) keys[grouping.basis].add(grouping.key);
  }
  if (keys.idempotency_key.size === 0 && keys.identical_bytes.size === 0) return new Map();
  const { rows: firsts } = await client.query<FirstCopy & DuplicateGrouping>(firstCopiesSql, [[...keys.idempotency_key], [...keys.identical_bytes]]);
  return new Map(firsts.map(({ basis, key, ...first }) => [`${basis} ${key}`, first]));
}
