import type { DuplicateBasis } from '../../../../shared/lifecycle';
import type { Db } from './db';
import type { GroupMember} from '../common/duplicate-grouping';
import { groupingOf, groupCopies } from '../common/duplicate-grouping';

/**
 * Duplicate groups, one row per idempotency key (or, for deliveries without one, per body hash) delivered
 * more than once, kept up to date as deliveries are derived so that a page of groups (and the
 * X-Service-Delivery evidence) never needs a scan of every delivery. A first copy adds no row: most
 * deliveries are delivered once.
 */
export function duplicateGroupQueries(db: Db) {
  const upsert = db.prepare(`
    INSERT INTO duplicate_groups (idempotency_key, basis, count, first_id, last_id, first_received_at, last_received_at,
      first_body_sha256, identical_bodies, first_delivery_id, delivery_id_changed, delivery_id_missing)
    VALUES (@key, @basis, 1, @id, @id, @receivedAt, @receivedAt, @bodySha256, 1, @deliveryId, 0, @deliveryId IS NULL)
    ON CONFLICT (idempotency_key) DO UPDATE SET
      count = count + 1,
      last_id = excluded.last_id,
      last_received_at = excluded.last_received_at,
      identical_bodies = identical_bodies AND first_body_sha256 = excluded.first_body_sha256,
      delivery_id_changed = delivery_id_changed OR (excluded.first_delivery_id IS NOT NULL
        AND first_delivery_id IS NOT NULL AND excluded.first_delivery_id <> first_delivery_id),
      delivery_id_missing = delivery_id_missing OR excluded.first_delivery_id IS NULL`);
  const grouped = db.prepare('SELECT 1 FROM duplicate_groups WHERE idempotency_key = ?').pluck();
  const firstCopy = (basis: DuplicateBasis) => {
    const copies = groupCopies(basis);
    return db.prepare(
      `SELECT id, received_at AS receivedAt, body_sha256 AS bodySha256, delivery_id AS deliveryId
       FROM ${copies.from} WHERE ${copies.where} AND ${copies.id} < ? ORDER BY ${copies.id} LIMIT 1`,
    );
  };
  const firstCopies = { idempotency_key: firstCopy('idempotency_key'), identical_bytes: firstCopy('identical_bytes') };

  /** Adds a delivery to its group, if it has one; members come in id order. */
  const add = (idempotencyKey: string | null, member: GroupMember) => {
    const grouping = groupingOf(idempotencyKey, member.bodySha256);
    if (grouping === null) return;
    const { basis, key } = grouping;
    // Most deliveries are their group's first copy: one seek tells, and there is no group to touch.
    const first = firstCopies[basis].get(key, member.id) as GroupMember | undefined;
    if (!first) return;
    // The second copy starts the group, with the first.
    if (grouped.get(key) === undefined) upsert.run({ key, basis, ...first });
    upsert.run({ key, basis, ...member });
  };
  return {
    add,
    clear: () => db.exec('DELETE FROM duplicate_groups'),
  };
}
