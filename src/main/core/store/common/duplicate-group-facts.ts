/*
 * A group's facts without reading every copy: its duplicate_groups row covers the copies derived so far; the
 * few stored since (the derivation runs just after each commit) are folded in, so that the answer is exact
 * even before they are derived. Each statement seeks an index (`groupCopies`).
 */
import { listedCopiesLimit, type DuplicateGroupFacts } from '../../../../shared/delivery';
import type { DuplicateBasis } from '../../../../shared/lifecycle';
import type { SignatureVerdict } from '../../../../shared/verdicts';
import { groupCopies, type DuplicateGrouping } from './duplicate-grouping';

export interface CopyRow {
  id: number;
  received_at: number;
  body_sha256: string;
  delivery_id: string | null;
  signature: SignatureVerdict;
  response_status: number;
  event: string | null;
  lifecycle_key: string | null;
}

/**
 * The first copies of a group (its key as `?`), in arrival order: as many as a view lists (a delivery's detail, the
 * Duplicates page), an index range however many copies the group holds.
 */
export const firstCopiesSql = (basis: DuplicateBasis) => {
  const copies = groupCopies(basis);
  return `SELECT id, received_at, body_sha256, delivery_id, signature, response_status, event, lifecycle_key
   FROM ${copies.from} WHERE ${copies.where} ORDER BY ${copies.id} LIMIT ${listedCopiesLimit}`;
};

/** The group's row (its key and basis as `?`). */
export const groupRowSql = `SELECT count, last_id, identical_bodies, delivery_id_changed, delivery_id_missing
  FROM duplicate_groups WHERE idempotency_key = ? AND basis = ?`;

export interface GroupRow {
  count: number;
  last_id: number;
  identical_bodies: number;
  delivery_id_changed: number;
  delivery_id_missing: number;
}

/** The group's first copy, or (`DESC`) its last (its key as `?`). */
export const endCopySql = (basis: DuplicateBasis, order: 'ASC' | 'DESC') => {
  const copies = groupCopies(basis);
  return `SELECT id, received_at, body_sha256, delivery_id FROM ${copies.from} WHERE ${copies.where}
   ORDER BY ${copies.id} ${order} LIMIT 1`;
};

export interface EndCopy {
  id: number;
  received_at: number;
  body_sha256: string;
  delivery_id: string | null;
}

/**
 * The copies after the row's last (`?`: the first copy's body hash and X-Service-Delivery, the key, that id),
 * compared with the first copy as the derivation compares them (writer's duplicate-groups upsert).
 */
export const laterCopiesSql = (basis: DuplicateBasis) => {
  const copies = groupCopies(basis);
  return `SELECT count(*) AS count,
     coalesce(max(CASE WHEN body_sha256 <> ? THEN 1 ELSE 0 END), 0) AS other_bytes,
     coalesce(max(CASE WHEN delivery_id <> ? THEN 1 ELSE 0 END), 0) AS other_delivery_id,
     coalesce(max(CASE WHEN delivery_id IS NULL THEN 1 ELSE 0 END), 0) AS missing_delivery_id
   FROM ${copies.from} WHERE ${copies.where} AND ${copies.id} > ?`;
};

export interface LaterCopies {
  count: number;
  other_bytes: number;
  other_delivery_id: number;
  missing_delivery_id: number;
}

/** What the row covers; without a row (fewer than two copies derived), the first copy alone. */
export function derivedPart(first: EndCopy, row: GroupRow | undefined): GroupRow {
  return (
    row ?? {
      count: 1,
      last_id: first.id,
      identical_bodies: 1,
      delivery_id_changed: 0,
      delivery_id_missing: first.delivery_id === null ? 1 : 0,
    }
  );
}

/** The parameters of `laterCopiesSql` for a group whose derived part is `derived`. */
export function laterCopiesParams(grouping: DuplicateGrouping, first: EndCopy, derived: GroupRow): unknown[] {
  return [first.body_sha256, first.delivery_id, grouping.key, derived.last_id];
}

/** The later copies with one more, compared with the first copy as `laterCopiesSql` compares them (NULL is never unequal). */
function withCopy(later: LaterCopies, first: EndCopy, copy: EndCopy): LaterCopies {
  const otherDeliveryId = copy.delivery_id !== null && first.delivery_id !== null && copy.delivery_id !== first.delivery_id;
  return {
    count: later.count + 1,
    other_bytes: later.other_bytes || Number(copy.body_sha256 !== first.body_sha256),
    other_delivery_id: later.other_delivery_id || Number(otherDeliveryId),
    missing_delivery_id: later.missing_delivery_id || Number(copy.delivery_id === null),
  };
}

export interface CountedGroupFacts {
  count: number;
  facts: DuplicateGroupFacts;
}

/**
 * A group's facts from its ends, its derived part and its later copies. `self`, when a delivery's own detail is read:
 * on SQLite the group's copies are found through the keys file, which commits a moment after the store's file (a
 * commit is atomic per file, not across them), so a reader can see a delivery's row before the keys show it. Its
 * group is then what the keys show with the delivery folded in, as the derivation would fold it in.
 */
export function groupFactsOf(
  first: EndCopy,
  last: EndCopy,
  derived: GroupRow,
  later: LaterCopies,
  self?: EndCopy,
): CountedGroupFacts {
  if (self !== undefined && self.id > last.id) return groupFactsOf(first, self, derived, withCopy(later, first, self));
  return {
    count: derived.count + later.count,
    facts: {
      firstId: first.id,
      firstReceivedAt: new Date(first.received_at).toISOString(),
      lastId: last.id,
      lastReceivedAt: new Date(last.received_at).toISOString(),
      identicalBodies: derived.identical_bodies === 1 && later.other_bytes === 0,
      firstDeliveryId: first.delivery_id,
      deliveryIdChanged: derived.delivery_id_changed === 1 || later.other_delivery_id === 1,
      deliveryIdMissing: derived.delivery_id_missing === 1 || later.missing_delivery_id === 1,
    },
  };
}
