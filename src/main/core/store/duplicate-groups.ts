import type { Db } from './open';

export interface GroupMember {
  id: number;
  receivedAt: number;
  bodySha256: string;
  deliveryId: string | null;
}

/**
 * Duplicate groups, one row per idempotency key delivered more than once, kept up to date as
 * deliveries are derived so that a page of groups (and the X-Service-Delivery evidence) never needs a
 * scan of every delivery. A key's first copy adds no row: most keys are delivered once.
 */
export function duplicateGroupQueries(db: Db) {
  const upsert = db.prepare(`
    INSERT INTO duplicate_groups (idempotency_key, count, first_id, last_id, first_received_at, last_received_at,
      first_body_sha256, identical_bodies, first_delivery_id, delivery_id_changed, delivery_id_missing)
    VALUES (@key, 1, @id, @id, @receivedAt, @receivedAt, @bodySha256, 1, @deliveryId, 0, @deliveryId IS NULL)
    ON CONFLICT (idempotency_key) DO UPDATE SET
      count = count + 1,
      last_id = excluded.last_id,
      last_received_at = excluded.last_received_at,
      identical_bodies = identical_bodies AND first_body_sha256 = excluded.first_body_sha256,
      delivery_id_changed = delivery_id_changed OR (excluded.first_delivery_id IS NOT NULL
        AND first_delivery_id IS NOT NULL AND excluded.first_delivery_id <> first_delivery_id),
      delivery_id_missing = delivery_id_missing OR excluded.first_delivery_id IS NULL`);
  const grouped = db.prepare('SELECT 1 FROM duplicate_groups WHERE idempotency_key = ?').pluck();
  const firstCopy = db.prepare(
    `SELECT id, received_at AS receivedAt, body_sha256 AS bodySha256, delivery_id AS deliveryId
     FROM deliveries WHERE idempotency_key = ? AND id < ? ORDER BY id LIMIT 1`,
  );

  /** Adds a delivery to its key's group; members come in id order. */
  const add = (key: string, member: GroupMember) => {
    // Most deliveries are their key's first copy: one seek tells, and there is no group to touch.
    const first = firstCopy.get(key, member.id) as GroupMember | undefined;
    if (!first) return;
    // The key's second copy starts the group, with the first.
    if (grouped.get(key) === undefined) upsert.run({ key, ...first });
    upsert.run({ key, ...member });
  };
  return {
    add,
    clear: () => db.exec('DELETE FROM duplicate_groups'),
  };
}
