import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrations } from '@webhook-inspector/pg-migrations';
import { inspectorSchema, migrateInspectorSchema, pgSchemaVersion } from '../../src/main/core/store/postgres/schema';
import { migrations } from '../../src/main/core/store/sqlite/migrations';
import { openStore } from '../../src/main/core/store/sqlite/open';
import { queryStore, stopTestPostgres, storeLocation } from '../support/engines';
import { tempDataDir } from '../support/temp-dir';

/** A delivery row of PostgreSQL's schema 8, its raw and derived columns only as far as they must be given. */
const oldDelivery = `INSERT INTO deliveries (received_at, method, path, query, headers, body, body_sha256, body_truncated, tls,
  response_status, response_body, response_reason, form, signature, signature_check, findings, error_count, warning_count,
  info_count, search_text)
  VALUES (1700000000000, 'POST', '/webhooks', '', '[]', 'abc', 'ba7816bf', 0, 1, 200, '{}', 'policy: default', 'unparseable',
  'missing', '{}', '[]', 0, 0, 0, 'abc')`;

/** A replay row as the stores before "Edit, then replay" wrote it: no `edited`, no `request_body`. */
const oldReplay = `INSERT INTO replays (delivery_id, kind, batch_id, started_at, url, signing_mode, request_method, request_headers,
  request_body_sha256, request_body_size, response_status, response_headers, response_body, response_body_truncated, error, duration_ms)
  VALUES (1, 'replay', NULL, 1700000000000, 'http://127.0.0.1:3000/hooks', 'keep', 'POST', '[]', 'abc', 3, 200, '[]', NULL, 0, NULL, 12)`;

describe('edited replays: the SQLite store\'s schema 20', () => {
  it('migrates a store of schema 19 keeping its replays, each not edited and keeping no bytes of its own', () => {
    const file = join(tempDataDir(), 'inspector.sqlite3');
    const old = new Database(file);
    old.pragma('foreign_keys = OFF');
    for (const migration of migrations.slice(0, 19)) migration(old);
    old.pragma('user_version = 19');
    // Without a delivery: the old connection does not enforce the foreign key, and nothing here reads one.
    old.exec(oldReplay);
    old.close();

    const db = openStore(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
      expect(db.prepare('SELECT delivery_id, edited, request_body, url FROM replays').all()).toEqual([
        { delivery_id: 1, edited: 0, request_body: null, url: 'http://127.0.0.1:3000/hooks' },
      ]);
      expect(() => db.prepare('UPDATE replays SET edited = 2').run()).toThrow(/CHECK constraint/);
    } finally {
      db.close();
    }
  });
});

describe('edited replays: the PostgreSQL store\'s schema 9', () => {
  afterAll(stopTestPostgres);

  it('migrates a store of schema 8 keeping its replays, each not edited and keeping no bytes of its own', async () => {
    const location = (await storeLocation('postgresql'))!;
    const at = { dataDir: '', location };
    const pool = new pg.Pool({ connectionString: location, max: 1 });
    try {
      // Schema 8 as it was released, with a delivery and a replay of its time.
      await runMigrations(pool, { ...inspectorSchema, steps: inspectorSchema.steps.slice(0, 8) });
      await queryStore(at, oldDelivery);
      await queryStore(at, oldReplay);

      await migrateInspectorSchema(pool);
    } finally {
      await pool.end();
    }
    expect(await queryStore(at, 'SELECT version FROM inspector_schema')).toEqual([{ version: pgSchemaVersion }]);
    expect(await queryStore(at, 'SELECT delivery_id::int AS delivery_id, edited, request_body, url FROM replays')).toEqual([
      { delivery_id: 1, edited: 0, request_body: null, url: 'http://127.0.0.1:3000/hooks' },
    ]);
    await expect(queryStore(at, 'UPDATE replays SET edited = 2')).rejects.toThrow(/check constraint/);
  });
});
