/**
 * The one migration runner for every PostgreSQL schema of the product (the team store's, the relay's).
 *
 * May import: pg only. Imported by the team store (store/postgres) and the relay, which each own their steps.
 */
import type pg from 'pg';

/** One version of a schema: takes it from version i to i + 1. Never edit a shipped one; add a new one. */
export type MigrationStep = (client: pg.PoolClient) => Promise<unknown>;

export interface PgSchema {
  /** The table that records the version applied (one row, `version INTEGER`), the schema's own. */
  versionTable: string;
  /** The key of the advisory lock every process migrating this schema takes: two at once run one after the other. */
  lockKey: number;
  steps: readonly MigrationStep[];
  /** Why a database at a newer version than `steps` knows is refused. */
  newerThanKnown(current: number, known: number): string;
}

/**
 * Applies the steps a database lacks, in order, each in a transaction of its own with the version it reaches,
 * under a session advisory lock; refuses a database from a newer version. A database migrated by an earlier
 * runner (same version table, same numbering) opens as it is.
 */
export async function runMigrations(pool: pg.Pool, schema: PgSchema): Promise<void> {
  const client = await pool.connect();
  // The server may end the connection under a step (a restart): the query under way fails with it, and the
  // client is dropped below. Unlistened, the client's own error event would end the process.
  let lost: Error | undefined;
  const onLost = (error: Error) => (lost = error);
  client.on('error', onLost);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [schema.lockKey]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS ${schema.versionTable} (version INTEGER NOT NULL)`);
      const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${schema.versionTable}`);
      if (rows.length === 0) await client.query(`INSERT INTO ${schema.versionTable} (version) VALUES (0)`);
      const current = rows[0]?.version ?? 0;
      if (current > schema.steps.length) throw new Error(schema.newerThanKnown(current, schema.steps.length));
      for (let version = current; version < schema.steps.length; version++) {
        await inOneTransaction(client, async () => {
          await schema.steps[version]!(client);
          await client.query(`UPDATE ${schema.versionTable} SET version = $1`, [version + 1]);
        });
      }
    } finally {
      if (lost === undefined) await client.query('SELECT pg_advisory_unlock($1)', [schema.lockKey]).catch(() => {});
    }
  } finally {
    client.off('error', onLost);
    client.release(lost);
  }
}

async function inOneTransaction(client: pg.PoolClient, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await work();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
