import type { DeliveryIdEvidence, DuplicateBasis, ListedDuplicateGroup } from '../../../../shared/lifecycle';
import { describeDuplicateGroup, evidenceVerdict } from '../../analysis/lifecycle';
import type { CopyRow, CountedGroupFacts } from './duplicate-group-facts';

/** A listed group's row of duplicate_groups. */
export interface GroupHead {
  key: string;
  basis: DuplicateBasis;
  bodySha256: string;
  lastId: number;
}

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
