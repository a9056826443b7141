import type { LifecycleKind } from '../../../../shared/lifecycle';

/**
 * A stored delivery the derivation has not covered yet: what its duplicate group and lifecycle are derived from, on
 * both engines.
 */
export interface PendingRow {
  id: number;
  received_at: number;
  body_sha256: string;
  delivery_id: string | null;
  idempotency_key: string | null;
  lifecycle_key: string | null;
  lifecycle_kind: LifecycleKind | null;
}
