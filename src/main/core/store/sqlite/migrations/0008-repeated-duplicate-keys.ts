import { sqlMigration } from './migration';

const groupColumns = `idempotency_key, count, first_id, last_id, first_received_at, last_received_at,
  first_body_sha256, identical_bodies, first_delivery_id, delivery_id_changed, delivery_id_missing`;

/**
 * Duplicate groups keep only keys delivered more than once: they held a row for every key, the second
 * largest object in a store. The table becomes WITHOUT ROWID (its rows in the key's B-tree, no unique
 * index beside it). Rows are copied, not derived again.
 */
export const repeatedDuplicateKeys = sqlMigration('0008-repeated-duplicate-keys', `
    CREATE TABLE duplicate_groups_repeated (
      idempotency_key TEXT PRIMARY KEY,
      count INTEGER NOT NULL,
      first_id INTEGER NOT NULL,
      last_id INTEGER NOT NULL,
      first_received_at INTEGER NOT NULL,
      last_received_at INTEGER NOT NULL,
      first_body_sha256 TEXT NOT NULL,
      identical_bodies INTEGER NOT NULL,
      first_delivery_id TEXT,
      delivery_id_changed INTEGER NOT NULL,
      delivery_id_missing INTEGER NOT NULL
    ) STRICT, WITHOUT ROWID;
    INSERT INTO duplicate_groups_repeated (${groupColumns}) SELECT ${groupColumns} FROM duplicate_groups WHERE count > 1;
    DROP TABLE duplicate_groups;
    ALTER TABLE duplicate_groups_repeated RENAME TO duplicate_groups;
    CREATE INDEX duplicate_groups_by_recent ON duplicate_groups (last_id) WHERE count > 1;
    CREATE INDEX duplicate_groups_evidence ON duplicate_groups (delivery_id_changed, delivery_id_missing, count)
      WHERE count > 1;
  `);
