import type { DuplicateGroupFacts } from '../../../../shared/delivery';
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

/** A group as a whole: how many copies it holds and the facts the store keeps over all of them. */
export interface WholeGroup {
  count: number;
  facts: DuplicateGroupFacts;
}

/**
 * One event's copies: when they came, whether their bytes agree and what X-Service-Delivery said, from the whole
 * group's facts; the verdicts and statuses of its first copies (`firstCopies`, all of them in a small group).
 */
export function describeDuplicateGroup(idempotencyKey: string, whole: WholeGroup, firstCopies: readonly DuplicateCopy[]): DuplicateGroup {
  const listed = [...firstCopies].sort((a, b) => a.id - b.id);
  const first = listed[0];
  if (first === undefined) throw new Error(`Duplicate group ${idempotencyKey} has no copies.`);
  const { count, facts } = whole;
  return {
    idempotencyKey,
    count,
    firstId: facts.firstId,
    firstReceivedAt: facts.firstReceivedAt,
    lastReceivedAt: facts.lastReceivedAt,
    spreadMs: spreadOf(listed.length === count ? listed.map((copy) => copy.receivedAt) : [facts.firstReceivedAt, facts.lastReceivedAt]),
    identicalBodies: facts.identicalBodies,
    listedCopies: listed.length,
    deliveryIds: [...new Set(listed.map((copy) => copy.deliveryId))],
    signatures: listed.map((copy) => copy.signature),
    responseStatuses: listed.map((copy) => copy.responseStatus),
    facts,
    event: first.event,
    lifecycleKey: first.lifecycleKey,
  };
}

/** From the earliest to the latest of these receive times (an imported copy may come later with an earlier time). */
function spreadOf(receivedAt: readonly string[]): number {
  const times = receivedAt.flatMap((time) => {
    const instant = parseInstant(time);
    return instant === null ? [] : [instantMs(instant)];
  });
  return times.length === 0 ? 0 : Math.max(...times) - Math.min(...times);
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
