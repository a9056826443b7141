import { describe, expect, it } from 'vitest';
import { migrateInspectorSchema } from '../../src/main/core/store/postgres/schema';
import { createUser, listUsers, userForToken } from '../../src/main/core/team/users';
import { withTestPostgres } from '../support/postgres-per-suite';

describe('a team store from before roles (schema 4)', () => {
  const postgres = withTestPostgres();

  it('keeps its users, as members (not admins), and gains an empty audit log', async () => {
    await migrateInspectorSchema(postgres.pool);
    const { token } = await createUser(postgres.pool, 'old-timer', 'admin');
    // Back to schema 4 as it was released: no roles, no audit log, lifecycles with their events' first ids (6's change),
    // no view of the deliveries' keys (7's), replays without the edited ones' bytes (9's), no reconcile records (10's), no index of the lifecycles with findings (11's), no answer times (12's), the
    // trigram index of the bodies' text rather than their words (13's), the text stored beside each body (14's), no row for the flushes (15's).
    await postgres.pool.query(
      `ALTER TABLE inspector_users DROP COLUMN role; DROP TABLE audit_log; DROP VIEW delivery_keys;
       ALTER TABLE lifecycles DROP COLUMN event_facts; ALTER TABLE lifecycles ADD COLUMN event_first_ids TEXT;
       ALTER TABLE replays DROP COLUMN edited, DROP COLUMN request_body; DROP TABLE runtime_spans, reconcile_runs;
       DROP INDEX lifecycles_with_findings; ALTER TABLE deliveries DROP COLUMN response_after_ms;
       DROP TABLE delivery_search_words; DROP FUNCTION inspector_search_text; DELETE FROM store_counts WHERE name IN ('search_indexed_through', 'wal_flushes');
       ALTER TABLE deliveries ADD COLUMN search_text TEXT NOT NULL;
       CREATE INDEX deliveries_search ON deliveries USING gin (search_text gin_trgm_ops);
       UPDATE inspector_schema SET version = 4`,
    );

    await migrateInspectorSchema(postgres.pool);
    expect((await listUsers(postgres.pool)).map((u) => [u.name, u.role, u.revokedAt])).toEqual([['old-timer', 'member', null]]);
    expect(await userForToken(postgres.pool, token)).toMatchObject({ name: 'old-timer', role: 'member' });
    expect((await postgres.pool.query('SELECT count(*)::int AS n FROM audit_log')).rows[0]).toEqual({ n: 0 });
  });

  it('refuses a role that is not one', async () => {
    await expect(postgres.pool.query("UPDATE inspector_users SET role = 'owner'")).rejects.toThrow(/check constraint/);
  });
});
