import type { DeliveryIdEvidence, DuplicateGroup } from '../../../../shared/lifecycle';
import type { SignatureVerdict } from '../../../../shared/verdicts';
import { instantMs, parseInstant } from './instant';

/** One stored copy of an event (deliveries sharing an idempotency key). */
export interface DuplicateCopy {
  id: number;
  /** ISO-8601 receive time. */
  receivedAt: string;
  bodySha256: string;
  /** X-Service-Delivery, null when none was sent. */
  deliveryId: string | null;
  signature: SignatureVerdict;
  responseStatus: number;
  event: string | null;
  lifecycleKey: string | null;
}

/** Every copy of one event: when they came, whether their bytes agree, and what X-Service-Delivery said. */
export function describeDuplicateGroup(idempotencyKey: string, copies: readonly DuplicateCopy[]): DuplicateGroup {
  const byArrival = [...copies].sort((a, b) => a.id - b.id);
  const first = byArrival[0];
  const last = byArrival.at(-1);
  if (first === undefined || last === undefined) throw new Error(`Duplicate group ${idempotencyKey} has no copies.`);
  const times = byArrival.flatMap((copy) => {
    const instant = parseInstant(copy.receivedAt);
    return instant === null ? [] : [instantMs(instant)];
  });
  return {
    idempotencyKey,
    count: byArrival.length,
    firstId: first.id,
    firstReceivedAt: first.receivedAt,
    lastReceivedAt: last.receivedAt,
    spreadMs: times.length === 0 ? 0 : Math.max(...times) - Math.min(...times),
    identicalBodies: byArrival.every((copy) => copy.bodySha256 === first.bodySha256),
    deliveryIds: [...new Set(byArrival.map((copy) => copy.deliveryId))],
    signatures: byArrival.map((copy) => copy.signature),
    responseStatuses: byArrival.map((copy) => copy.responseStatus),
    event: first.event,
    lifecycleKey: first.lifecycleKey,
  };
}

/**
 * Which of spec 4.1's two descriptions the captured duplicates support. Only groups where every copy
 * carried an X-Service-Delivery count as evidence of "fixed"; a group with two different ids is
 * evidence of "regenerated" even if another copy had none.
 */
export function evidenceVerdict(counts: Pick<DeliveryIdEvidence, 'sameId' | 'changedId'>): DeliveryIdEvidence['verdict'] {
  if (counts.sameId + counts.changedId === 0) return 'no_evidence';
  if (counts.changedId === 0) return 'fixed_across_retries';
  if (counts.sameId === 0) return 'regenerated_per_attempt';
  return 'mixed';
}

export type EvidenceGroup = Pick<DuplicateGroup, 'deliveryIds'> & { count?: number };

/**
 * Counts over duplicate groups (each of two or more copies; a `count` below 2, when given, is skipped).
 * changedId and missingId may overlap: a group can show two ids and a copy without one.
 */
export function deliveryIdEvidence(groups: readonly EvidenceGroup[]): DeliveryIdEvidence {
  const duplicates = groups.filter((group) => (group.count ?? 2) >= 2);
  let sameId = 0;
  let changedId = 0;
  let missingId = 0;
  for (const { deliveryIds } of duplicates) {
    const missing = deliveryIds.includes(null);
    const distinct = new Set(deliveryIds.filter((id) => id !== null)).size;
    if (missing) missingId++;
    if (distinct >= 2) changedId++;
    else if (distinct === 1 && !missing) sameId++;
  }
  const counts = { groups: duplicates.length, sameId, changedId, missingId };
  return { ...counts, verdict: evidenceVerdict(counts) };
}
