import type { DuplicateBasis } from '../../../../shared/lifecycle';

/** The SHA-256 of an empty body: requests without a body are never grouped as identical copies. */
export const emptyBodySha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export interface GroupMember {
  id: number;
  receivedAt: number;
  bodySha256: string;
  deliveryId: string | null;
}

/** Where a delivery is grouped: by its idempotency key, or without one by its body's SHA-256. */
export interface DuplicateGrouping {
  basis: DuplicateBasis;
  key: string;
}

/** A delivery's grouping; null for a delivery with neither a key nor a body, never grouped. */
export function groupingOf(idempotencyKey: string | null, bodySha256: string): DuplicateGrouping | null {
  if (idempotencyKey !== null) return { basis: 'idempotency_key', key: idempotencyKey };
  return bodySha256 === emptyBodySha256 ? null : { basis: 'identical_bytes', key: bodySha256 };
}

/**
 * The deliveries of a group, for `WHERE`: those sharing its idempotency key, or for identical bytes those
 * without a key sharing its body hash (both seek an index: deliveries_by_key, deliveries_by_identical_bytes).
 */
export function groupCopiesClause(basis: DuplicateBasis): string {
  return basis === 'idempotency_key' ? 'idempotency_key = ?' : 'idempotency_key IS NULL AND body_sha256 = ?';
}
