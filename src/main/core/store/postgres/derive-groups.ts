import type pg from 'pg';
import type { DuplicateBasis } from '../../../../shared/lifecycle';
import { groupingOf, type DuplicateGrouping, type GroupMember } from '../common/duplicate-grouping';
import { replacingOnConflict, unnestInsertSql, unnestParams, type BatchColumn } from './batch-rows';
import { firstCopyOf, type FirstCopies } from './first-copies';
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
 * Adds a derived batch's deliveries (in id order) to their duplicate groups in two statements whatever its size,
 * from each key's first copy (first-copies.ts): the groups' rows are read, the copies folded in here, and the groups
 * changed written back at once. A first copy adds no group: most deliveries are delivered once. Runs under the
 * derivation's lock, so the rows read are the rows written over.
 */
export async function deriveGroups(client: pg.PoolClient, rows: readonly PendingRow[], firsts: FirstCopies): Promise<void> {
  const members = rows.flatMap((row) => {
    const grouping = groupingOf(row.idempotency_key, row.body_sha256);
    const member: GroupMember = { id: row.id, receivedAt: row.received_at, bodySha256: row.body_sha256, deliveryId: row.delivery_id };
    return grouping === null ? [] : [{ grouping, member }];
  });
  if (members.length === 0) return;
  const firstOf = (grouping: DuplicateGrouping) => firstCopyOf(firsts, grouping);
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
