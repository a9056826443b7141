import type { Db } from '../db';

/** The X-Service-Delivery evidence counts groups by their two flags: a covering index over duplicate groups only. */
export function duplicateEvidenceIndex(db: Db): void {
  db.exec(`
    CREATE INDEX duplicate_groups_evidence ON duplicate_groups (delivery_id_changed, delivery_id_missing, count)
      WHERE count > 1;
  `);
}
