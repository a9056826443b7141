import type { Db } from '../open';

const lifecycleColumns = `key, kind, subject, order_uuid, recipient_key, recipient_email, current_status, terminal,
  reordered, event_count, delivery_count, first_event_time, last_event_time, error_count, warning_count, info_count,
  finding_codes, last_delivery_id`;
const groupColumns = `idempotency_key, count, first_id, last_id, first_received_at, last_received_at,
  first_body_sha256, identical_bodies, first_delivery_id, delivery_id_changed, delivery_id_missing`;

/**
 * Smaller derived tables. Both become WITHOUT ROWID, their rows kept in their key's B-tree instead of a
 * table plus a unique index beside it; and duplicate groups keep only keys delivered more than once
 * (they held a row for every key: the second largest object in a store). Rows are copied, not derived again.
 */
export function compactDerivedTables(db: Db): void {
  db.exec(`
    CREATE TABLE lifecycles_compact (
      key TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      subject TEXT NOT NULL,
      order_uuid TEXT,
      recipient_key TEXT,
      recipient_email TEXT,
      current_status TEXT,
      terminal INTEGER NOT NULL,
      reordered INTEGER NOT NULL,
      event_count INTEGER NOT NULL,
      delivery_count INTEGER NOT NULL,
      first_event_time TEXT,
      last_event_time TEXT,
      error_count INTEGER NOT NULL,
      warning_count INTEGER NOT NULL,
      info_count INTEGER NOT NULL,
      finding_codes TEXT NOT NULL,
      last_delivery_id INTEGER NOT NULL
    ) STRICT, WITHOUT ROWID;
    INSERT INTO lifecycles_compact (${lifecycleColumns}) SELECT ${lifecycleColumns} FROM lifecycles;
    DROP TABLE lifecycles;
    ALTER TABLE lifecycles_compact RENAME TO lifecycles;
    CREATE INDEX lifecycles_by_recent ON lifecycles (last_delivery_id);
    CREATE INDEX lifecycles_by_order ON lifecycles (order_uuid, recipient_key) WHERE order_uuid IS NOT NULL;
    CREATE INDEX lifecycles_by_status ON lifecycles (current_status, last_delivery_id);

    CREATE TABLE duplicate_groups_compact (
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
    INSERT INTO duplicate_groups_compact (${groupColumns}) SELECT ${groupColumns} FROM duplicate_groups WHERE count > 1;
    DROP TABLE duplicate_groups;
    ALTER TABLE duplicate_groups_compact RENAME TO duplicate_groups;
    CREATE INDEX duplicate_groups_by_recent ON duplicate_groups (last_id) WHERE count > 1;
    CREATE INDEX duplicate_groups_evidence ON duplicate_groups (delivery_id_changed, delivery_id_missing, count)
      WHERE count > 1;
  `);
}
