/**
 * The one migration runner for every PostgreSQL schema of the product (the team store's, the relay's).
 *
 * May import: pg only. Imported by the team store (store/postgres) and the relay, which each own their steps.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * One version of a schema: takes it from version i to i + 1. Never edit a shipped one; add a new one. Made by
 * `sqlStep` (its SQL declared as data, hashed) or `codeStep` (code, hashed by a version string it bumps when edited).
 */
export interface MigrationStep {
  (client: pg.PoolClient): Promise<unknown>;
  /** Names it in messages and in the applied migrations' table, e.g. `0009-edited-replays`. */
  readonly id: string;
  /** The SHA-256 (hex) of its SQL, or of a code step's version string: recorded when applied, checked at every open. */
  readonly sha256: string;
}

export const sha256Of = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A step that runs one SQL text (several statements allowed), the text hashed. */
export function sqlStep(id: string, sql: string): MigrationStep {
  return Object.assign((client: pg.PoolClient) => client.query(sql), { id, sha256: sha256Of(sql) });
}

/** A step that runs code: its hash is its version string's, which an edit of the code must bump. */
export function codeStep(id: string, version: string, run: (client: pg.PoolClient) => Promise<unknown>): MigrationStep {
  return Object.assign((client: pg.PoolClient) => run(client), { id, sha256: sha256Of(`${id}@${version}`) });
}

export interface PgSchema {
  /** The table that records the version applied (one row, `version INTEGER`), the schema's own. */
  versionTable: string;
  /**
   * The table that records each applied step (`version, name, sha256, applied_at` in ms, NULL for a step applied
   * before steps were recorded), the schema's own: a step whose hash changed since it was applied is refused.
   */
  migrationsTable: string;
  /** The key of the advisory lock every process migrating this schema takes: two at once run one after the other. */
  lockKey: number;
  steps: readonly MigrationStep[];
  /** Why a database at a newer version than `steps` knows is refused. */
  newerThanKnown(current: number, known: number): string;
}

/** The message refusing a step edited after it was applied (the SQLite store says the same). */
export function editedMigrationMessage(id: string, recorded: string, now: string): string {
  return `migration ${id} was changed after it was applied to this store (recorded sha256:${recorded}, now sha256:${now}): restore it and add a new migration instead`;
}

/**
 * Applies the steps a database lacks, in order, each in a transaction of its own with the version it reaches and
 * its record, under a session advisory lock; refuses a database from a newer version, and one with an applied step
 * whose hash is no longer the code's. A database migrated before steps were recorded (same version table, same
 * numbering) has its applied steps recorded with today's hashes: those cannot be checked retroactively.
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
      await checkApplied(client, schema, current);
      for (let version = current; version < schema.steps.length; version++) {
        const step = schema.steps[version]!;
        await inOneTransaction(client, async () => {
          await step(client);
          await client.query(`UPDATE ${schema.versionTable} SET version = $1`, [version + 1]);
          await client.query(`INSERT INTO ${schema.migrationsTable} (version, name, sha256, applied_at) VALUES ($1, $2, $3, $4)`, [
            version + 1,
            step.id,
            step.sha256,
            Date.now(),
          ]);
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

/** Records the applied steps not yet recorded (with today's hashes), then refuses any whose hash changed. */
async function checkApplied(client: pg.PoolClient, schema: PgSchema, current: number): Promise<void> {
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${schema.migrationsTable} (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, sha256 TEXT NOT NULL, applied_at BIGINT)`,
  );
  const { rows } = await client.query<{ version: number; sha256: string }>(
    `SELECT version, sha256 FROM ${schema.migrationsTable} WHERE version <= $1 ORDER BY version`,
    [current],
  );
  // Records above the version table's (a database set back by hand) are of steps no longer applied: they go.
  await client.query(`DELETE FROM ${schema.migrationsTable} WHERE version > $1`, [current]);
  const recorded = new Map(rows.map((row) => [row.version, row.sha256]));
  for (let version = 1; version <= current; version++) {
    const step = schema.steps[version - 1]!;
    const sha256 = recorded.get(version);
    if (sha256 !== undefined && sha256 !== step.sha256) throw new Error(editedMigrationMessage(step.id, sha256, step.sha256));
  }
  const unrecorded = schema.steps.slice(0, current).flatMap((step, i) => (recorded.has(i + 1) ? [] : [{ version: i + 1, step }]));
  if (unrecorded.length === 0) return;
  await client.query(
    `INSERT INTO ${schema.migrationsTable} (version, name, sha256, applied_at)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::bigint[]) ON CONFLICT (version) DO NOTHING`,
    [unrecorded.map((u) => u.version), unrecorded.map((u) => u.step.id), unrecorded.map((u) => u.step.sha256), unrecorded.map(() => null)],
  );
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
