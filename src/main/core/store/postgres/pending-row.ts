export type { PendingRow } from '../common/pending-row';

/** The pending rows after the watermark (`$1`), in id order, at most `$2`. */
export const pendingRowsSql = `SELECT id, received_at, body_sha256, delivery_id, idempotency_key, lifecycle_key, lifecycle_kind
  FROM deliveries WHERE id > $1 ORDER BY id LIMIT $2`;
