import type { DeliveryIdEvidence, DuplicateBasis } from '../../../../shared/lifecycle';
import type { Db } from './db';
import type { CopyRow, EvidenceRow} from '../common/duplicate-view-rows';
import { copiesSql, toListedGroup, evidenceSql, evidenceOf } from '../common/duplicate-view-rows';

/** Duplicate groups (more than one delivery per idempotency key, or per body without one), most recent first. */
export function listDuplicateGroups(db: Db, beforeLastId: number | undefined, limit: number) {
  const groups = db
    .prepare(
      `SELECT idempotency_key AS key, basis, first_body_sha256 AS bodySha256, last_id AS lastId FROM duplicate_groups
       WHERE count > 1 ${beforeLastId === undefined ? '' : 'AND last_id < @before'} ORDER BY last_id DESC LIMIT @limit`,
    )
    .all({ before: beforeLastId, limit }) as Array<{ key: string; basis: DuplicateBasis; bodySha256: string; lastId: number }>;
  const copyStatement = (basis: DuplicateBasis) => db.prepare(copiesSql(basis));
  const copies = { idempotency_key: copyStatement('idempotency_key'), identical_bytes: copyStatement('identical_bytes') };
  const items = groups.map((group) => toListedGroup(group, copies[group.basis].all(group.key) as CopyRow[]));
  const total = (db.prepare('SELECT count(*) AS n FROM duplicate_groups WHERE count > 1').get() as { n: number }).n;
  return { items, total };
}

/** Across every duplicate group: did X-Service-Delivery stay the same or change? (spec 4.1's open question) */
export function deliveryIdEvidenceOf(db: Db): DeliveryIdEvidence {
  return evidenceOf(db.prepare(evidenceSql).all() as EvidenceRow[]);
}
