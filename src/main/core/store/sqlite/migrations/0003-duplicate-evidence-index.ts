import { sqlMigration } from './migration';

/** The X-Service-Delivery evidence counts groups by their two flags: a covering index over duplicate groups only. */
export const duplicateEvidenceIndex = sqlMigration('0003-duplicate-evidence-index', `
    CREATE INDEX duplicate_groups_evidence ON duplicate_groups (delivery_id_changed, delivery_id_missing, count)
      WHERE count > 1;
  `);
