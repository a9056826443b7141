import { sqlMigration } from './migration';

export const initial = sqlMigration('0001-initial', `
    CREATE TABLE deliveries (
      id INTEGER PRIMARY KEY,
      received_at INTEGER NOT NULL,
      method TEXT NOT NULL,
      path TEXT NOT NULL,
      query TEXT NOT NULL,
      headers TEXT NOT NULL,
      body BLOB NOT NULL,
      body_sha256 TEXT NOT NULL,
      body_truncated INTEGER NOT NULL,
      remote_address TEXT,
      tls INTEGER NOT NULL,
      imported INTEGER NOT NULL DEFAULT 0,
      response_status INTEGER NOT NULL,
      response_body TEXT NOT NULL,
      response_reason TEXT NOT NULL,
      form TEXT NOT NULL,
      event TEXT,
      payout_type TEXT,
      delivery_id TEXT,
      signature TEXT NOT NULL,
      signature_check TEXT NOT NULL,
      idempotency_key TEXT,
      subject TEXT,
      event_time TEXT,
      findings TEXT NOT NULL,
      error_count INTEGER NOT NULL,
      warning_count INTEGER NOT NULL,
      info_count INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX deliveries_by_key ON deliveries (idempotency_key, id) WHERE idempotency_key IS NOT NULL;
    CREATE INDEX deliveries_by_event ON deliveries (event, id);
    CREATE INDEX deliveries_by_form ON deliveries (form, id);
    CREATE INDEX deliveries_by_signature ON deliveries (signature, id);
    CREATE INDEX deliveries_by_path ON deliveries (path, id);
    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT;
  `);
