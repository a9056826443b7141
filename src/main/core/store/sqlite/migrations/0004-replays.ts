import { sqlMigration } from './migration';

/** Replays and live forwards of stored deliveries: what was sent and what the target answered. Never a secret. */
export const replays = sqlMigration('0004-replays', `
    CREATE TABLE replays (
      id INTEGER PRIMARY KEY,
      delivery_id INTEGER NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('replay', 'forward')),
      batch_id TEXT,
      started_at INTEGER NOT NULL,
      url TEXT NOT NULL,
      signing_mode TEXT NOT NULL CHECK (signing_mode IN ('keep', 'resign', 'wrong')),
      request_method TEXT NOT NULL,
      request_headers TEXT NOT NULL,
      request_body_sha256 TEXT NOT NULL,
      request_body_size INTEGER NOT NULL,
      response_status INTEGER,
      response_headers TEXT,
      response_body BLOB,
      response_body_truncated INTEGER,
      error TEXT,
      duration_ms INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX replays_by_delivery ON replays (delivery_id, id);
  `);
