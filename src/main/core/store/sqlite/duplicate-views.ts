import type { DeliveryIdEvidence, ListedDuplicateGroup } from '../../../../shared/lifecycle';
import type { Db } from './db';
import type { EvidenceRow, GroupHead } from '../common/duplicate-view-rows';
import { toListedGroup, evidenceSql, evidenceOf } from '../common/duplicate-view-rows';
import { groupFacts, groupFirstCopies } from './group-reads';

/**
 * Duplicate groups (more than one delivery per idempotency key, or per body without one), most recent first, each
 * with its first copies and its facts (never every copy), read in one snapshot.
 */
export function listDuplicateGroups(db: Db, beforeLastId: number | undefined, limit: number) {
  return db.transaction(() => duplicateGroupsPage(db, beforeLastId, limit))();
}

function duplicateGroupsPage(db: Db, beforeLastId: number | undefined, limit: number): { items: ListedDuplicateGroup[]; total: number } {
  const groups = db
    .prepare(
      `SELECT idempotency_key AS key, basis, first_body_sha256 AS bodySha256, last_id AS lastId FROM duplicate_groups
       WHERE count > 1 ${beforeLastId === undefined ? '' : 'AND last_id < @before'} ORDER BY last_id DESC LIMIT @limit`,
    )
    .all({ before: beforeLastId, limit }) as GroupHead[];
  const items = groups.map((group) => toListedGroup(group, groupFacts(db, group), groupFirstCopies(db, group)));
  const total = (db.prepare('SELECT count(*) AS n FROM duplicate_groups WHERE count > 1').get() as { n: number }).n;
  return { items, total };
}

/** Across every duplicate group: did X-Service-Delivery stay the same or change? (spec 4.1's open question) */
export function deliveryIdEvidenceOf(db: Db): DeliveryIdEvidence {
  return evidenceOf(db.prepare(evidenceSql).all() as EvidenceRow[]);
}
