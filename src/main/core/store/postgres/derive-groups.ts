import type pg from 'pg';
import type { DuplicateBasis } from '../../../../shared/lifecycle';
import { groupingOf, type DuplicateGrouping, type GroupMember } from '../common/duplicate-grouping';
import { replacingOnConflict, unnestInsertSql, unnestParams, type BatchColumn } from './batch-rows';
import type { PendingRow } from './pending-row';

/** A duplicate_groups row as the derivation folds copies into it. */
interface GroupRow {
  idempotency_key: string;
  basis: DuplicateBasis;
  count: number;
  first_id: number;
  last_id: number;
  first_received_at: number;
  last_received_at: number;
  first_body_sha256: string;
  identical_bodies: number;
  first_delivery_id: string | null;
  delivery_id_changed: number;
  delivery_id_missing: number;
}

const column = (name: keyof GroupRow, type: string): BatchColumn<GroupRow> => ({ name, type, value: (row) => row[name] });
const groupColumns: ReadonlyArray<BatchColumn<GroupRow>> = [
  column('idempotency_key', 'text'), column('basis', 'text'), column('count', 'int'), column('first_id', 'bigint'),
  column('last_id', 'bigint'), column('first_received_at', 'bigint'), column('last_received_at', 'bigint'),
  column('first_body_sha256', 'text'), column('identical_bodies', 'smallint'), column('first_delivery_id', 'text'),
  column('delivery_id_changed', 'smallint'), column('delivery_id_missing', 'smallint'),
];
const upsertGroupsSql = `${unnestInsertSql('duplicate_groups', groupColumns)} ${replacingOnConflict('idempotency_key', groupColumns)}`;

/**
 * Each key's first copy, by basis (`$1` the idempotency keys, `$2` the body hashes of deliveries without one): one
 * index seek per key (deliveries_by_key, deliveries_by_identical_bytes), however many copies its group has.
 */
const firstCopiesSql = `
  SELECT 'idempotency_key' AS basis, k.key, f.id, f.received_at AS "receivedAt", f.body_sha256 AS "bodySha256",
    f.delivery_id AS "deliveryId"
  FROM unnest($1::text[]) AS k(key) CROSS JOIN LATERAL (
    SELECT id, received_at, body_sha256, delivery_id FROM deliveries WHERE idempotency_key = k.key ORDER BY id LIMIT 1) f
  UNION ALL
  SELECT 'identical_bytes', k.key, f.id, f.received_at, f.body_sha256, f.delivery_id
  FROM unnest($2::text[]) AS k(key) CROSS JOIN LATERAL (
    SELECT id, received_at, body_sha256, delivery_id FROM deliveries
    WHERE idempotency_key IS NULL AND body_sha256 = k.key ORDER BY id LIMIT 1) f`;

/** A group started by its first two copies, as the derivation's upsert of the SQLite store starts it (duplicate-groups.ts). */
function started(grouping: DuplicateGrouping, first: GroupMember): GroupRow {
  return {
    idempotency_key: grouping.key,
    basis: grouping.basis,
    count: 1,
    first_id: first.id,
    last_id: first.id,
    first_received_at: first.receivedAt,
    last_received_at: first.receivedAt,
    first_body_sha256: first.bodySha256,
    identical_bodies: 1,
    first_delivery_id: first.deliveryId,
    delivery_id_changed: 0,
    delivery_id_missing: first.deliveryId === null ? 1 : 0,
  };
}

/** The group with one more copy, compared with its first as the SQLite store's upsert compares them. */
function withCopy(group: GroupRow, copy: GroupMember): GroupRow {
  const otherDeliveryId = copy.deliveryId !== null && group.first_delivery_id !== null && copy.deliveryId !== group.first_delivery_id;
  return {
    ...group,
    count: group.count + 1,
    last_id: copy.id,
    last_received_at: copy.receivedAt,
    identical_bodies: group.identical_bodies === 1 && group.first_body_sha256 === copy.bodySha256 ? 1 : 0,
    delivery_id_changed: group.delivery_id_changed === 1 || otherDeliveryId ? 1 : 0,
    delivery_id_missing: group.delivery_id_missing === 1 || copy.deliveryId === null ? 1 : 0,
  };
}

/**
 * Adds a derived batch's deliveries (in id order) to their duplicate groups in three statements whatever its size:
 * each key's first copy and the groups' rows are read, the copies folded in here, and the groups changed written
 * back at once. A first copy adds no group: most deliveries are delivered once. Runs under the derivation's lock,
 * so the rows read are the rows written over.
 */
export async function deriveGroups(client: pg.PoolClient, rows: readonly PendingRow[]): Promise<void> {
  const members = rows.flatMap((row) => {
    const grouping = groupingOf(row.idempotency_key, row.body_sha256);
    const member: GroupMember = { id: row.id, receivedAt: row.received_at, bodySha256: row.body_sha256, deliveryId: row.delivery_id };
    return grouping === null ? [] : [{ grouping, member }];
  });
  if (members.length === 0) return;
  const keysOf = (basis: DuplicateBasis) => [...new Set(members.filter((m) => m.grouping.basis === basis).map((m) => m.grouping.key))];
  const { rows: firstRows } = await client.query<GroupMember & DuplicateGrouping>(firstCopiesSql, [
    keysOf('idempotency_key'),
    keysOf('identical_bytes'),
  ]);
  const firsts = new Map(firstRows.map(({ basis, key, ...first }) => [`${basis} ${key}`, first]));
  const firstOf = (grouping: DuplicateGrouping) => firsts.get(`${grouping.basis} ${grouping.key}`);
  // A copy: its group has a delivery before it.
  const copies = members.filter(({ grouping, member }) => (firstOf(grouping)?.id ?? member.id) < member.id);
  if (copies.length === 0) return;
  const groups = new Map(
    (
      await client.query<GroupRow>('SELECT * FROM duplicate_groups WHERE idempotency_key = ANY($1::text[])', [
        [...new Set(copies.map((c) => c.grouping.key))],
      ])
    ).rows.map((group) => [group.idempotency_key, group]),
  );
  const changed = new Map<string, GroupRow>();
  for (const { grouping, member } of copies) {
    const group = changed.get(grouping.key) ?? groups.get(grouping.key) ?? started(grouping, firstOf(grouping)!);
    changed.set(grouping.key, withCopy(group, member));
  }
  await client.query(upsertGroupsSql, unnestParams(groupColumns, [...changed.values()]));
}
