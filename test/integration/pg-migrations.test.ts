import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeStep, runMigrations, sqlStep, type PgSchema } from '@webhook-inspector/pg-migrations';
import { migrateRelaySchema, relaySchema } from 'webhook-inspector-relay';
import { inspectorSchema, migrateInspectorSchema } from '../../src/main/core/store/postgres/schema';
import { insertColumns, insertValues } from '../../src/main/core/store/common/delivery-columns';
import { analyzedTraffic } from '../support/realistic-traffic';
import { startTestPostgres, type TestPostgres } from '../support/postgres';

/**
 * What the two runners before the shared one did to a database: every missing version in one transaction,
 * under a transaction advisory lock, then the version row written (store/postgres/schema.ts, relay/pg-schema.ts).
 */
async function migrateAsBefore(pool: pg.Pool, schema: PgSchema): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [schema.lockKey]);
    await client.query(`CREATE TABLE IF NOT EXISTS ${schema.versionTable} (version INTEGER NOT NULL)`);
    for (const step of schema.steps) await step(client);
    await client.query(`INSERT INTO ${schema.versionTable} (version) VALUES ($1)`, [schema.steps.length]);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

/**
 * The tables, columns, indexes and version rows of a database: what a migration could change. The tables recording
 * each applied migration's hash, which the runners before did not keep, are left out (they are tested below).
 */
async function catalog(pool: pg.Pool) {
  const columns = await pool.query(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name NOT LIKE '%schema_migrations' ORDER BY table_name, column_name`,
  );
  const indexes = await pool.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename NOT LIKE '%schema_migrations' ORDER BY indexname`,
  );
  const versions = await pool.query(
    `SELECT (SELECT json_agg(version) FROM inspector_schema) AS inspector, (SELECT json_agg(version) FROM relay_schema) AS relay`,
  );
  return { columns: columns.rows, indexes: indexes.rows, versions: versions.rows };
}

describe('the PostgreSQL migration runner', () => {
  let cluster: TestPostgres;
  const pools: pg.Pool[] = [];
  const poolOf = async (name: string) => {
    const pool = new pg.Pool({ connectionString: await cluster.createDatabase(name), max: 2 });
    // A client still closing when the cluster stops is told so (57P01): not a failure of any test here.
    pool.on('error', () => {});
    pools.push(pool);
    return pool;
  };
  beforeAll(async () => {
    cluster = await startTestPostgres();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await cluster?.stop();
  });

  it('opens a database migrated by the runners before it as it is: same tables, indexes and versions', async () => {
    const pool = await poolOf('old_runners');
    await migrateAsBefore(pool, inspectorSchema);
    await migrateAsBefore(pool, relaySchema);
    const before = await catalog(pool);
    expect(before.versions).toEqual([{ inspector: [inspectorSchema.steps.length], relay: [relaySchema.steps.length] }]);

    await migrateInspectorSchema(pool);
    await migrateRelaySchema(pool);
    expect(await catalog(pool)).toEqual(before);
  });

  it('leaves the same schema on a new database as the runners before it did', async () => {
    const old = await poolOf('old_fresh');
    await migrateAsBefore(old, inspectorSchema);
    await migrateAsBefore(old, relaySchema);
    const fresh = await poolOf('new_fresh');
    await migrateInspectorSchema(fresh);
    await migrateRelaySchema(fresh);
    expect(await catalog(fresh)).toEqual(await catalog(old));
  });

  it('lets several processes migrate one database at once: each version applied once', async () => {
    const url = await cluster.createDatabase('at_once');
    const racing = Array.from({ length: 4 }, () => new pg.Pool({ connectionString: url, max: 1 }));
    for (const pool of racing) pool.on('error', () => {});
    pools.push(...racing);
    await Promise.all(racing.flatMap((pool) => [migrateInspectorSchema(pool), migrateRelaySchema(pool)]));
    const { versions } = await catalog(racing[0]!);
    expect(versions).toEqual([{ inspector: [inspectorSchema.steps.length], relay: [relaySchema.steps.length] }]);
  });

  it('commits each version on its own: a failing step keeps the versions before it, and the next run goes on from there', async () => {
    const pool = await poolOf('step_by_step');
    const schema = (third: () => Promise<unknown>): PgSchema => ({
      versionTable: 'trial_schema',
      migrationsTable: 'trial_schema_migrations',
      lockKey: 0x7e57,
      steps: [
        sqlStep('0001-first', 'CREATE TABLE first (id INTEGER)'),
        sqlStep('0002-second', 'CREATE TABLE second (id INTEGER)'),
        codeStep('0003-third', '1', async (client) => {
          await client.query('CREATE TABLE third (id INTEGER)');
          await third();
        }),
      ],
      newerThanKnown: (current, known) => `trial schema ${current} is newer than ${known}`,
    });
    await expect(runMigrations(pool, schema(() => Promise.reject(new Error('step 3 failed'))))).rejects.toThrow('step 3 failed');
    const tables = async () =>
      (await pool.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`)).rows.map((r) => r.table_name);
    expect(await tables()).toEqual(['first', 'second', 'trial_schema', 'trial_schema_migrations']);
    expect((await pool.query('SELECT version FROM trial_schema')).rows).toEqual([{ version: 2 }]);

    await runMigrations(pool, schema(() => Promise.resolve()));
    expect(await tables()).toEqual(['first', 'second', 'third', 'trial_schema', 'trial_schema_migrations']);
    expect((await pool.query('SELECT version FROM trial_schema')).rows).toEqual([{ version: 3 }]);

    await pool.query('UPDATE trial_schema SET version = 4');
    await expect(runMigrations(pool, schema(() => Promise.resolve()))).rejects.toThrow('trial schema 4 is newer than 3');
  });

  it('keeps both rows of a relay delivery stored twice before its source index was unique (0011): the later one marked', async () => {
    const pool = await poolOf('source_copies');
    const atTen = { ...inspectorSchema, steps: inspectorSchema.steps.slice(0, 10) };
    await runMigrations(pool, atTen);
    const [record] = analyzedTraffic(1, 5);
    const pulled = { ...record!, facts: { ...record!.facts, source: { name: 'relay-a', id: '42' } } };
    // Today's insert, less the columns later steps added (12's answer time).
    const values = insertValues(pulled);
    const kept = insertColumns.flatMap((column, i) => (column === 'response_after_ms' ? [] : [[column, values[i]] as const]));
    const columns = [...kept.map(([column]) => column), 'search_text'];
    const placeholders = columns.map((_, i) => `$${i + 1}`).join(', ');
    const insert = () =>
      pool.query<{ id: number }>(`INSERT INTO deliveries (${columns.join(', ')}) VALUES (${placeholders}) RETURNING id`, [...kept.map(([, value]) => value), '']);
    const first = (await insert()).rows[0]!.id;
    const second = (await insert()).rows[0]!.id;

    await migrateInspectorSchema(pool);
    const rows = await pool.query('SELECT id, source, source_id FROM deliveries ORDER BY id');
    expect(rows.rows).toEqual([
      { id: first, source: 'relay-a', source_id: '42' },
      { id: second, source: 'relay-a', source_id: `42#copy-${second}` },
    ]);
    // Today's insert (14 took the text beside the body away) meets the unique index too.
    const todays = insertColumns.map((_, i) => `$${i + 1}`).join(', ');
    await expect(pool.query(`INSERT INTO deliveries (${insertColumns.join(', ')}) VALUES (${todays})`, values)).rejects.toThrow(/deliveries_by_source/);
  });

  describe("records each applied migration's hash and refuses one edited since", () => {
    const records = async (pool: pg.Pool, table: string) =>
      (await pool.query(`SELECT version, name, sha256, applied_at IS NOT NULL AS dated FROM ${table} ORDER BY version`)).rows;
    const recorded = (schema: PgSchema, dated: boolean) =>
      schema.steps.map((step, i) => ({ version: i + 1, name: step.id, sha256: step.sha256, dated }));

    for (const schema of [inspectorSchema, relaySchema]) {
      it(`${schema.versionTable}: applies and records, refuses an edited step, applies and records a new one`, async () => {
        const pool = await poolOf(`hashes_${schema.versionTable}`);
        await runMigrations(pool, schema);
        expect(await records(pool, schema.migrationsTable)).toEqual(recorded(schema, true));

        // The second step's text edited after it was applied: refused at the next open, nothing changed.
        const second = schema.steps[1]!;
        const edited = sqlStep(second.id, 'SELECT 1');
        const tampered = { ...schema, steps: schema.steps.map((step) => (step === second ? edited : step)) };
        await expect(runMigrations(pool, tampered)).rejects.toThrow(
          `migration ${second.id} was changed after it was applied to this store (recorded sha256:${second.sha256}, now sha256:${edited.sha256}): restore it and add a new migration instead`,
        );
        expect(await records(pool, schema.migrationsTable)).toEqual(recorded(schema, true));

        // A new step appended: applied and recorded.
        const appended = { ...schema, steps: [...schema.steps, sqlStep('9999-appended', 'CREATE TABLE appended_by_test (id INTEGER)')] };
        await runMigrations(pool, appended);
        expect(await records(pool, schema.migrationsTable)).toEqual(recorded(appended, true));
        expect((await pool.query(`SELECT version FROM ${schema.versionTable}`)).rows).toEqual([{ version: appended.steps.length }]);
      });
    }

    it('adopts a database migrated before hashes were recorded: its steps recorded with today\'s hashes, undated', async () => {
      const pool = await poolOf('hashes_adopted');
      await migrateAsBefore(pool, inspectorSchema);
      await migrateAsBefore(pool, relaySchema);
      await migrateInspectorSchema(pool);
      await migrateRelaySchema(pool);
      expect(await records(pool, 'schema_migrations')).toEqual(recorded(inspectorSchema, false));
      expect(await records(pool, 'relay_schema_migrations')).toEqual(recorded(relaySchema, false));
      // From then on, an edit is caught.
      const edited = { ...relaySchema, steps: [sqlStep(relaySchema.steps[0]!.id, 'SELECT 1'), ...relaySchema.steps.slice(1)] };
      await expect(runMigrations(pool, edited)).rejects.toThrow(`migration ${relaySchema.steps[0]!.id} was changed after it was applied`);
    });
  });
});
