import type { LifecycleKind } from '../../../../shared/lifecycle';

/** A stored delivery the derivation has not covered yet: what its duplicate group and lifecycle are derived from. */
export interface PendingRow {
  id: number;
  received_at: number;
  body_sha256: string;
  delivery_id: string | null;
  idempotency_key: string | null;
  lifecycle_key: string | null;
  lifecycle_kind: LifecycleKind | null;
}

/** The pending rows after the watermark (`$1`), in id order, at most `$2`. */
export const pendingRowsSql = `SELECT id, received_at, body_sha256, delivery_id, idempotency_key, lifecycle_key, lifecycle_kind
  FROM deliveries WHERE id > $1 ORDER BY id LIMIT $2`;
