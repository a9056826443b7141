import type pg from 'pg';
import { runMigrations, sqlStep, type MigrationStep, type PgSchema } from '@webhook-inspector/pg-migrations';

/**
 * The relay's schema, one function per version. Several relays may start on one database at once: the
 * migrations run under an advisory lock, each version in a transaction (@webhook-inspector/pg-migrations), and a
 * database from a newer relay is refused.
 */
const migrations: readonly MigrationStep[] = [
  sqlStep('0001-channels-and-deliveries', `
      CREATE TABLE relay_channels (
        id BIGSERIAL PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        token_sha256 BYTEA NOT NULL UNIQUE,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        keep_days INTEGER,
        keep_bytes BIGINT
      );
      CREATE TABLE relay_deliveries (
        id BIGSERIAL PRIMARY KEY,
        -- The writing transaction: readers page by (xid, id) and only behind every transaction still open,
        -- so a row committed late by another relay is never skipped by a cursor.
        xid XID8 NOT NULL DEFAULT pg_current_xact_id(),
        channel_id BIGINT REFERENCES relay_channels (id) ON DELETE CASCADE,
        received_at BIGINT NOT NULL,
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        query TEXT NOT NULL,
        headers TEXT NOT NULL,
        body BYTEA NOT NULL,
        body_truncated BOOLEAN NOT NULL,
        remote_address TEXT,
        tls BOOLEAN NOT NULL,
        response_status INTEGER NOT NULL,
        response_reason TEXT NOT NULL
      );
      CREATE INDEX relay_deliveries_by_cursor ON relay_deliveries (channel_id, xid, id);
      CREATE INDEX relay_deliveries_by_time ON relay_deliveries (channel_id, received_at);
    `),
  sqlStep('0002-revoked-channels-and-audit', `
      -- A revoked channel keeps its name (and what it holds, until retention) but its token opens nothing.
      ALTER TABLE relay_channels ADD COLUMN revoked_at TIMESTAMPTZ;
      -- Who changed which channel's access, and when: channel create, rotate and revoke.
      CREATE TABLE relay_audit (
        id BIGSERIAL PRIMARY KEY,
        at TIMESTAMPTZ NOT NULL DEFAULT now(),
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        channel TEXT NOT NULL
      );
      -- The unrouted budget prunes these oldest first.
      CREATE INDEX relay_deliveries_unrouted ON relay_deliveries (id) WHERE channel_id IS NULL;
    `),
  sqlStep('0003-retired-tokens', `
      -- The hashes of the tokens a rotation replaced: a laptop still pulling with one is told its token was
      -- rotated (a token that never opened a channel is answered as before, the same for every such token).
      CREATE TABLE relay_retired_tokens (
        token_sha256 BYTEA PRIMARY KEY,
        channel_id BIGINT NOT NULL REFERENCES relay_channels (id) ON DELETE CASCADE,
        retired_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
    `),
];

export const relaySchema: PgSchema = {
  versionTable: 'relay_schema',
  // Each applied migration's hash, checked at every start (beside the inspector's schema_migrations in a shared database).
  migrationsTable: 'relay_schema_migrations',
  lockKey: 0x7e1a7, // any constant shared by every relay process
  steps: migrations,
  newerThanKnown: (current, known) => `the relay database is at schema ${current}, newer than this relay (${known}); upgrade the relay`,
};

export async function migrateRelaySchema(pool: pg.Pool): Promise<void> {
  await runMigrations(pool, relaySchema);
}
