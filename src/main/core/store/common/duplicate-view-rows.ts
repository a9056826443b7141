import type { DeliveryIdEvidence, DuplicateBasis, ListedDuplicateGroup } from '../../../../shared/lifecycle';
import type { SignatureVerdict } from '../../../../shared/verdicts';
import { describeDuplicateGroup, evidenceVerdict } from '../../analysis/lifecycle';
import { listedCopiesLimit } from '../../../../shared/delivery';
import type { CountedGroupFacts } from './duplicate-group-facts';
import { groupCopiesClause } from './duplicate-grouping';

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

/** A listed group's row of duplicate_groups. */
export interface GroupHead {
  key: string;
  basis: DuplicateBasis;
  bodySha256: string;
  lastId: number;
}

/**
 * The first copies of a group (its key as `?`), in arrival order: as many as a delivery's detail lists, an index
 * range however many copies the group holds. The whole group's count and facts come from duplicate-group-facts.ts.
 */
export const firstCopiesSql = (basis: DuplicateBasis) =>
  `SELECT id, received_at, body_sha256, delivery_id, signature, response_status, event, lifecycle_key
   FROM deliveries WHERE ${groupCopiesClause(basis)} ORDER BY id LIMIT ${listedCopiesLimit}`;

export function toListedGroup({ key, basis, bodySha256, lastId }: GroupHead, whole: CountedGroupFacts, firstCopies: CopyRow[]): ListedDuplicateGroup {
  const group = describeDuplicateGroup(
    key,
    whole,
    firstCopies.map((r) => ({
      id: r.id,
      receivedAt: new Date(r.received_at).toISOString(),
      bodySha256: r.body_sha256,
      deliveryId: r.delivery_id,
      signature: r.signature,
      responseStatus: r.response_status,
      event: r.event,
      lifecycleKey: r.lifecycle_key,
    })),
  );
  return { ...group, idempotencyKey: basis === 'idempotency_key' ? key : null, basis, bodySha256, lastId };
}

/** The evidence's counts over duplicate_groups (one index seek per combination). */
export const evidenceSql = `SELECT delivery_id_changed AS changed, delivery_id_missing AS missing, count(*) AS n
  FROM duplicate_groups WHERE count > 1 GROUP BY delivery_id_changed, delivery_id_missing`;

export interface EvidenceRow {
  changed: number;
  missing: number;
  n: number;
}

export function evidenceOf(rows: EvidenceRow[]): DeliveryIdEvidence {
  const sum = (keep: (r: { changed: number; missing: number }) => boolean) =>
    rows.filter(keep).reduce((total, r) => total + r.n, 0);
  const counts = {
    groups: sum(() => true),
    sameId: sum((r) => !r.changed && !r.missing),
    changedId: sum((r) => r.changed === 1),
    missingId: sum((r) => r.missing === 1),
  };
  return { ...counts, verdict: evidenceVerdict(counts) };
}
