import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../src/main/core/store/sqlite/migrations';
import { openStore } from '../../src/main/core/store/sqlite/open';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import { filteredCountCap } from '../../src/main/core/store/common/delivery-view-rows';
import { pgSchemaVersion } from '../../src/main/core/store/postgres/schema';
import { startTestCore, tempDataDir, type TestCore } from '../support/core-fixture';
import { describeEachEngine, openTestStore, stopTestPostgres, storeLocation } from '../support/engines';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { post } from '../support/https-client';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.stop();
  t = null;
});

// The WAL, the pragmas, SQLite's query plans: SQLite only.
describe('the store on SQLite', () => {
  it('migrates a new file to the latest schema with durable pragmas', () => {
    const db = openStore(join(tempDataDir(), 'store.sqlite3'));
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    db.close();
  });

  it('refuses a database written by a newer version', () => {
    const file = join(tempDataDir(), 'store.sqlite3');
    const newer = new Database(file);
    newer.pragma(`user_version = ${migrations.length + 1}`);
    newer.close();
    expect(() => openStore(file)).toThrow(/newer Webhook Inspector/);
  });

  it('lists the newest page by an index, not a scan', () => {
    const db = openStore(join(tempDataDir(), 'store.sqlite3'));
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join('\n');
    const byReceiveTime = 'ORDER BY received_at DESC, id DESC LIMIT 100';
    expect(plan(`SELECT id FROM deliveries WHERE 1 ${byReceiveTime}`)).toMatch(/USING (COVERING )?INDEX deliveries_by_received\b/);
    expect(plan(`SELECT id FROM deliveries WHERE (received_at, id) < (1, 2) ${byReceiveTime}`)).toMatch(/SEARCH deliveries USING (COVERING )?INDEX deliveries_by_received \(received_at<\?\)/);
    // The filters' indexes are on delivery_filters (schema 18), filled by the derivation rather than by each commit.
    for (const column of ['event', 'form', 'signature', 'path']) {
      expect(plan(`SELECT id FROM delivery_filters WHERE ${column} = 'x' AND (received_at, id) < (1, 2) ${byReceiveTime}`)).toMatch(
        new RegExp(`USING (COVERING )?INDEX delivery_filters_by_${column} \\(${column}=\\? AND received_at<\\?\\)`),
      );
    }
    expect(plan("SELECT id FROM deliveries NOT INDEXED WHERE event = 'x' AND id > 5 ORDER BY id")).toMatch(/USING INTEGER PRIMARY KEY \(rowid>\?\)/);
    // The key indexes are in the keys file (schema 19), with pages a quarter the size.
    expect(plan("SELECT count(*) FROM delivery_keys WHERE idempotency = 'k'")).toMatch(/USING COVERING INDEX delivery_keys_by_idempotency/);
    expect(
      plan(
        'SELECT delivery_id_changed, delivery_id_missing, count(*) FROM duplicate_groups WHERE count > 1 GROUP BY delivery_id_changed, delivery_id_missing',
      ),
    ).toMatch(/USING COVERING INDEX duplicate_groups_evidence/);
    expect(plan("SELECT * FROM delivery_keys JOIN deliveries ON id = row_id WHERE lifecycle = 'send:1' ORDER BY row_id")).toMatch(
      /SEARCH delivery_keys USING (COVERING )?INDEX delivery_keys_by_lifecycle \(lifecycle=\?\)\nSEARCH deliveries USING INTEGER PRIMARY KEY/,
    );
    expect(plan('SELECT * FROM lifecycles ORDER BY last_delivery_id DESC LIMIT 100')).toMatch(/lifecycles_by_recent/);
    db.close();
  });
});

describeEachEngine('the store, on either engine', (engine) => {
  it("counts every delivery exactly, and a filter's matches up to the cap", async () => {
    const store = await openTestStore(engine);
    try {
      const body = giftCardBody();
      const record = (path: string) =>
        buildDeliveryRecord(
          { method: 'POST', path, query: '', headers: Object.entries(serviceHeaders(body)), body, bodyTruncated: false },
          { receivedAt: Date.now(), remoteAddress: '127.0.0.1', tls: true, imported: false },
          null,
          () => ({ status: 200, body: '{}', reason: 'test' }),
        );
      await Promise.all([...Array.from({ length: filteredCountCap + 5 }, () => record('/many')), record('/one')].map((r) => store.storeDelivery(r)));
      expect(store.deliveryCount()).toBe(filteredCountCap + 6);
      expect(await store.listDeliveries({ filter: {}, limit: 1 })).toMatchObject({ total: filteredCountCap + 6, totalCapped: false });
      expect(await store.listDeliveries({ filter: { path: '/one' }, limit: 1 })).toMatchObject({ total: 1, totalCapped: false });
      expect(await store.listDeliveries({ filter: { path: '/many' }, limit: 1 })).toMatchObject({ total: filteredCountCap, totalCapped: true });
    } finally {
      await store.close();
    }
  });

  it('answers 503, never a 2xx, when the row cannot be written, and recovers after', async () => {
    const location = await storeLocation(engine);
    t = await startTestCore({ store: location });
    const saboteur = engine === 'sqlite' ? sqliteSaboteur(t.dataDir) : await postgresSaboteur(location!);
    await saboteur.refuse();
    const body = giftCardBody();
    const refused = await post(t.receiverUrl, body, serviceHeaders(body));
    expect(refused.status).toBe(503);
    expect(refused.body).not.toMatch(/disk I\/O/); // the sender gets a clear answer, not our internals

    await saboteur.allow();
    const accepted = await post(t.receiverUrl, body, serviceHeaders(body));
    expect(accepted.status).toBe(200);
    expect((await t.call('deliveries.list', { filter: {} })).total).toBe(1);
  });
});

/** Makes every insert into deliveries fail, as a full disk would, and then lets them through again. */
function sqliteSaboteur(dataDir: string) {
  const db = new Database(join(dataDir, 'inspector.sqlite3'));
  return {
    refuse: async () => void db.exec(`CREATE TRIGGER refuse_writes BEFORE INSERT ON deliveries BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`),
    allow: async () => {
      db.exec('DROP TRIGGER refuse_writes');
      db.close();
    },
  };
}

async function postgresSaboteur(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    refuse: () =>
      client.query(`CREATE FUNCTION refuse_writes() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk I/O error'; END $$;
        CREATE TRIGGER refuse_writes BEFORE INSERT ON deliveries FOR EACH ROW EXECUTE FUNCTION refuse_writes()`),
    allow: async () => {
      await client.query('DROP TRIGGER refuse_writes ON deliveries');
      await client.end();
    },
  };
}

describe('the store on PostgreSQL', () => {
  afterAll(stopTestPostgres);

  it('migrates a new database, with pg_trgm, and refuses one written by a newer version', async () => {
    const url = (await storeLocation('postgresql'))!;
    await (await openTestStore('postgresql', url)).close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect((await client.query('SELECT version FROM inspector_schema')).rows).toEqual([{ version: pgSchemaVersion }]);
      expect((await client.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")).rowCount).toBe(1);
      await client.query('UPDATE inspector_schema SET version = version + 1');
    } finally {
      await client.end();
    }
    await expect(openTestStore('postgresql', url)).rejects.toThrow(/newer Webhook Inspector/);
  });
});
