import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateInspectorSchema } from '../../src/main/core/store/postgres/schema';
import { createUser, listUsers, userForToken } from '../../src/main/core/team/users';
import { startTestPostgres, type TestPostgres } from '../support/postgres';

describe('a team store from before roles (schema 4)', () => {
  let cluster: TestPostgres;
  let pool: pg.Pool;
  beforeAll(async () => {
    cluster = await startTestPostgres();
    pool = new pg.Pool({ connectionString: cluster.url });
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await cluster?.stop();
  });

  it('keeps its users, as members (not admins), and gains an empty audit log', async () => {
    await migrateInspectorSchema(pool);
    const { token } = await createUser(pool, 'old-timer', 'admin');
    // Back to schema 4 as it was released: no roles, no audit log.
    await pool.query('ALTER TABLE inspector_users DROP COLUMN role; DROP TABLE audit_log; UPDATE inspector_schema SET version = 4');

    await migrateInspectorSchema(pool);
    expect((await listUsers(pool)).map((u) => [u.name, u.role, u.revokedAt])).toEqual([['old-timer', 'member', null]]);
    expect(await userForToken(pool, token)).toMatchObject({ name: 'old-timer', role: 'member' });
    expect((await pool.query('SELECT count(*)::int AS n FROM audit_log')).rows[0]).toEqual({ n: 0 });
  });

  it('refuses a role that is not one', async () => {
    await expect(pool.query("UPDATE inspector_users SET role = 'owner'")).rejects.toThrow(/check constraint/);
  });
});
