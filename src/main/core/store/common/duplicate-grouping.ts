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
 * Where a group's deliveries are found: `FROM ${from} WHERE ${where}` (its key as `?`) gives their rows, whose columns
 * are read unqualified, and `id` names their ids where the index that finds them has them in order (a range or an
 * `ORDER BY` on it is a seek). A key's copies are found through `delivery_keys` (its `row_id`, `idempotency` and
 * `lifecycle` columns: the SQLite store's keys file, a view over deliveries on PostgreSQL), identical bytes through
 * deliveries_by_identical_bytes.
 */
export interface GroupCopies {
  from: string;
  where: string;
  id: string;
  /** Where `where` and `id` count them without reading their rows. */
  countFrom: string;
}

/**
 * The source of a key's deliveries joined to their rows: `id` is the delivery's own column, `row_id` the key's. A read
 * that needs no column of the rows (a count, whether one exists) reads `delivery_keys` alone, a covering index: it
 * holds what the deliveries say, kept by triggers in their transactions and mended when the store is opened.
 */
export const keyedDeliveries = 'delivery_keys JOIN deliveries ON id = row_id';

export function groupCopies(basis: DuplicateBasis): GroupCopies {
  return basis === 'idempotency_key'
    ? { from: keyedDeliveries, where: 'idempotency = ?', id: 'row_id', countFrom: 'delivery_keys' }
    : { from: 'deliveries', where: 'idempotency_key IS NULL AND body_sha256 = ?', id: 'id', countFrom: 'deliveries' };
}
