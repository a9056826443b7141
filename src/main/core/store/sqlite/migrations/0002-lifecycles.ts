import { sqlMigration } from './migration';

/** Lifecycle keys per delivery, and the lifecycles and duplicate groups kept up to date at ingest. */
export const lifecycles = sqlMigration('0002-lifecycles', `
    ALTER TABLE deliveries ADD COLUMN lifecycle_key TEXT;
    ALTER TABLE deliveries ADD COLUMN lifecycle_kind TEXT;
    ALTER TABLE deliveries ADD COLUMN order_uuid TEXT;
    ALTER TABLE deliveries ADD COLUMN recipient_key TEXT;
    ALTER TABLE deliveries ADD COLUMN event_status TEXT;
    CREATE INDEX deliveries_by_lifecycle ON deliveries (lifecycle_key, id) WHERE lifecycle_key IS NOT NULL;

    CREATE TABLE lifecycles (
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
    ) STRICT;
    CREATE INDEX lifecycles_by_recent ON lifecycles (last_delivery_id);
    CREATE INDEX lifecycles_by_order ON lifecycles (order_uuid, recipient_key) WHERE order_uuid IS NOT NULL;
    CREATE INDEX lifecycles_by_status ON lifecycles (current_status, last_delivery_id);

    CREATE TABLE duplicate_groups (
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
    ) STRICT;
    CREATE INDEX duplicate_groups_by_recent ON duplicate_groups (last_id) WHERE count > 1;
  `);
