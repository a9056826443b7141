import type pg from 'pg';

/**
 * The relay's schema, one function per version. Several relays may start on one database at once: the
 * migration runs under an advisory lock, in one transaction, and a database from a newer relay is refused.
 */
const migrations: ReadonlyArray<(client: pg.PoolClient) => Promise<unknown>> = [
  (client) =>
    client.query(`
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
  (client) =>
    client.query(`
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
];

const lockKey = 0x7e1a7; // any constant shared by every relay process

export async function migrateRelaySchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  // A server going away mid-migration fails the query under way; unheard, the client's own error event would end the process.
  const ignore = () => {};
  client.on('error', ignore);
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [lockKey]);
    await client.query('CREATE TABLE IF NOT EXISTS relay_schema (version INTEGER NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM relay_schema');
    const current = rows[0]?.version ?? 0;
    if (current > migrations.length) {
      throw new Error(`the relay database is at schema ${current}, newer than this relay (${migrations.length}); upgrade the relay`);
    }
    for (const migrate of migrations.slice(current)) await migrate(client);
    if (rows.length === 0) await client.query('INSERT INTO relay_schema (version) VALUES ($1)', [migrations.length]);
    else await client.query('UPDATE relay_schema SET version = $1', [migrations.length]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.off('error', ignore);
    client.release();
  }
}
