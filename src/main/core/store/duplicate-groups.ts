import type { Db } from './open';

export interface GroupMember {
  id: number;
  receivedAt: number;
  bodySha256: string;
  deliveryId: string | null;
}

/**
 * Duplicate groups, one row per idempotency key, kept up to date as deliveries are stored so that a
 * page of groups (and the X-Service-Delivery evidence) never needs a scan of every delivery.
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
  const add = (key: string, member: GroupMember) => upsert.run({ key, ...member });
  return {
    add,
    clear: () => db.exec('DELETE FROM duplicate_groups'),
  };
}
