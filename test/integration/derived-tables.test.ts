import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bodyText, formALifecycle, ids, signedDelivery } from '../fixtures/payloads';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import { deliveryQueries } from '../../src/main/core/store/sqlite/deliveries';
import { derivedTables } from '../support/derived-tables';
import { migrations } from '../../src/main/core/store/sqlite/migrations';
import { openStore, type Db } from '../../src/main/core/store/sqlite/open';
import { startTestCore, tempDataDir } from '../support/core-fixture';
import { describeEachEngine, openTestStore, storeLocation } from '../support/engines';
import { insertWithTodaysColumns, keysInTemp } from '../support/old-store';
import { testSecret } from '../support/deliveries';
import { analyzedTraffic } from '../support/realistic-traffic';
import { signedRecord } from '../support/signed-record';
import { RecentParsedBodies } from '../../src/main/core/store/common/recent-parsed-bodies';

const storeFile = (dataDir: string) => join(dataDir, 'inspector.sqlite3');

/** Stores rows as a crash right after their commit leaves them: raw and analyzed, but not yet derived. */
function storeUnderived(db: Db, bodies: unknown[]): void {
  const deliveries = deliveryQueries(db);
  db.transaction(() => {
    for (const body of bodies) {
      const delivery = signedDelivery(Buffer.from(bodyText(body)), testSecret);
      const raw = { method: 'POST', path: '/hook', query: '', headers: Object.entries(delivery.headers), body: delivery.body, bodyTruncated: false };
      const facts = { receivedAt: Date.now(), remoteAddress: '127.0.0.1', tls: true, imported: false };
      deliveries.insert(buildDeliveryRecord(raw, facts, testSecret, () => ({ status: 200, body: '{}', reason: 'test' })));
    }
  })();
}

/** Counts the rows every statement prepared from now on hands back to JavaScript (what deriving reads). */
function countRowsRead(db: Db): { rows: number } {
  const counter = { rows: 0 };
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    const [all, get] = [statement.all.bind(statement), statement.get.bind(statement)];
    statement.all = (...args: unknown[]) => {
      const rows = all(...args);
      counter.rows += rows.length;
      return rows;
    };
    statement.get = (...args: unknown[]) => {
      const row = get(...args);
      if (row !== undefined) counter.rows++;
      return row;
    };
    return statement;
  }) as Db['prepare'];
  return counter;
}

const groupRows = (db: Db) => db.prepare('SELECT idempotency_key, count FROM duplicate_groups ORDER BY 1').all();
const lifecycleRows = (db: Db) =>
  db.prepare('SELECT key, current_status, event_count, delivery_count FROM lifecycles').all() as Array<Record<string, unknown>>;

// These read and edit the SQLite tables and open stores from before: SQLite only.
describe('derived tables (duplicate groups, lifecycle summaries)', () => {
  const [created, processing, completed] = formALifecycle();
  const bodies = [processing, created, processing, completed];

  it('derive the rows a crash left behind, from the watermark, once each', () => {
    const db = openStore(storeFile(tempDataDir()));
    storeUnderived(db, bodies);
    const derived = derivedTables(db);
    expect(derived.isCurrent()).toBe(false);
    expect(groupRows(db)).toEqual([]);

    expect(derived.catchUpAll()).toBe(true);
    expect(derived.isCurrent()).toBe(true);
    expect(lifecycleRows(db)).toEqual([
      { key: `send:${ids.externalSendId}`, current_status: 'completed', event_count: 3, delivery_count: 4 },
    ]);
    // Only the key delivered twice (processing) is a group; the others were delivered once.
    const counts = (groupRows(db) as Array<{ count: number }>).map((g) => g.count);
    expect(counts).toEqual([2]);

    // A second catch-up finds nothing pending: no row is counted twice.
    derivedTables(db).catchUpAll();
    expect((groupRows(db) as Array<{ count: number }>).map((g) => g.count)).toEqual([2]);
    db.close();
  });

  it('derive a copy of a known event, or a new event, without reading every copy the lifecycle already has', () => {
    /** Rows read to derive one more copy and then one new event, after `copies` copies of one event were derived. */
    const readAfter = (copies: number) => {
      const db = openStore(storeFile(tempDataDir()));
      const counter = countRowsRead(db);
      const derived = derivedTables(db);
      storeUnderived(db, Array.from({ length: copies }, () => processing));
      derived.catchUpAll();
      const read = (body: unknown) => {
        storeUnderived(db, [body]);
        counter.rows = 0;
        derived.catchUpAll();
        return counter.rows;
      };
      const result = { copy: read(processing), newEvent: read(created), lifecycle: lifecycleRows(db) };
      db.close();
      return result;
    };
    const few = readAfter(2);
    const many = readAfter(600);
    expect(few.lifecycle).toEqual([{ key: `send:${ids.externalSendId}`, current_status: 'processing', event_count: 2, delivery_count: 4 }]);
    expect(many.lifecycle).toEqual([{ ...few.lifecycle[0], delivery_count: 602 }]);
    expect(many.copy).toBe(few.copy);
    expect(many.newEvent).toBe(few.newEvent);
  });

  it('rebuild from scratch to the same tables', () => {
    const db = openStore(storeFile(tempDataDir()));
    storeUnderived(db, bodies);
    const derived = derivedTables(db);
    derived.catchUpAll();
    const before = { groups: groupRows(db), lifecycles: lifecycleRows(db) };
    derived.rebuild();
    expect(groupRows(db)).toEqual([]);
    derived.catchUpAll();
    expect({ groups: groupRows(db), lifecycles: lifecycleRows(db) }).toEqual(before);
    db.close();
  });

  it('are brought up to date by the core when it starts on a store a crash left behind', async () => {
    const dataDir = tempDataDir();
    const db = openStore(storeFile(dataDir));
    storeUnderived(db, bodies);
    db.close();

    const t = await startTestCore({ dataDir, secret: testSecret });
    try {
      const page = await t.call('lifecycles.list', { limit: 10 });
      expect(page.items).toMatchObject([{ key: `send:${ids.externalSendId}`, currentStatus: 'completed', eventCount: 3 }]);
      const groups = await t.call('duplicates.list', { limit: 10 });
      expect(groups.items).toHaveLength(1);
      expect(groups.items[0]).toMatchObject({ count: 2 });
    } finally {
      await t.stop();
    }
  });

  it('grown batch by batch on realistic traffic, are row for row (every column) what a rebuild from every delivery gives', () => {
    const db = openStore(storeFile(tempDataDir()));
    try {
      const deliveries = deliveryQueries(db);
      // A small memory of parsed bodies: some new events find theirs there, others read their bodies again.
      const parsedBodies = new RecentParsedBodies(16);
      const derived = derivedTables(db, { parsedBodies });
      const records = analyzedTraffic(1_500, 11);
      for (let at = 0, batch = 1; at < records.length; at += batch, batch = (batch * 7) % 61) {
        db.transaction(() => {
          for (const record of records.slice(at, at + batch)) parsedBodies.rememberStored(deliveries.insert(record), record);
        })();
        derived.catchUpAll();
      }
      const everyRow = () => ({
        lifecycles: db.prepare('SELECT * FROM lifecycles ORDER BY key').all(),
        groups: db.prepare('SELECT * FROM duplicate_groups ORDER BY idempotency_key').all(),
      });
      const grown = everyRow();
      expect(grown.lifecycles.length).toBeGreaterThan(100);
      expect(grown.lifecycles.some((row) => (row as { event_count: number }).event_count >= 4)).toBe(true);
      derivedTables(db).steps.clear();
      derivedTables(db).catchUpAll();
      expect(everyRow()).toEqual(grown);
    } finally {
      db.close();
    }
  });

  it('keep their rows when a store from before is opened, duplicate groups only for repeated keys', () => {
    const file = storeFile(tempDataDir());
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.transaction(() => {
      for (const migrate of migrations.slice(0, 7)) migrate(old);
      old.pragma('user_version = 7');
    })();
    insertWithTodaysColumns(old, () => storeUnderived(old, bodies));
    // This version's derivation on that store: the search index it prepares (a later table) lives in temp, gone on close.
    old.exec("CREATE VIRTUAL TABLE temp.delivery_long_runs USING fts5(trigrams, content = '', detail = none, tokenize = 'ascii')");
    // And the keys it reads (0019), in temp too.
    keysInTemp(old);
    // And the filters' table it fills (0018), in temp too.
    old.exec(
      'CREATE TEMP TABLE delivery_filters (id INTEGER PRIMARY KEY, received_at INTEGER NOT NULL, event TEXT, form TEXT NOT NULL, signature TEXT NOT NULL, path TEXT NOT NULL)',
    );
    // And the column it writes to duplicate groups (a later migration's; the copy migration 0008 makes drops it again).
    old.exec("ALTER TABLE duplicate_groups ADD COLUMN basis TEXT NOT NULL DEFAULT 'idempotency_key'");
    // And the lifecycles' column of migration 0017, dropped again after: the rows stay as that version left them.
    old.exec('ALTER TABLE lifecycles ADD COLUMN event_facts TEXT');
    derivedTables(old).catchUpAll();
    old.exec('ALTER TABLE lifecycles DROP COLUMN event_facts');
    // Stores of that version kept a group for every key, delivered once or more.
    old.prepare(
      `INSERT INTO duplicate_groups (idempotency_key, count, first_id, last_id, first_received_at, last_received_at,
         first_body_sha256, identical_bodies, first_delivery_id, delivery_id_changed, delivery_id_missing)
       SELECT idempotency_key, 1, id, id, received_at, received_at, body_sha256, 1, delivery_id, 0, delivery_id IS NULL
       FROM deliveries WHERE idempotency_key NOT IN (SELECT idempotency_key FROM duplicate_groups)`,
    ).run();
    expect(groupRows(old)).toHaveLength(3);
    const before = { lifecycles: lifecycleRows(old), watermark: old.prepare("SELECT value FROM store_counts WHERE name = 'derived_through'").pluck().get() };
    old.close();

    const db = openStore(file);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect((groupRows(db) as Array<{ count: number }>).map((g) => g.count)).toEqual([2]);
    expect(lifecycleRows(db)).toEqual(before.lifecycles);
    expect(db.prepare("SELECT value FROM store_counts WHERE name = 'derived_through'").pluck().get()).toBe(before.watermark);
    const withoutRowid = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN ('duplicate_groups', 'lifecycles') AND sql LIKE '%WITHOUT ROWID%' ORDER BY name")
      .pluck()
      .all();
    expect(withoutRowid).toEqual(['duplicate_groups']);
    // Deliveries stored after the migration join the copied tables as before.
    storeUnderived(db, [processing]);
    derivedTables(db).catchUpAll();
    expect((groupRows(db) as Array<{ count: number }>).map((g) => g.count)).toEqual([3]);
    expect(lifecycleRows(db)).toEqual([{ ...before.lifecycles[0], delivery_count: 5 }]);
    // A new event in a lifecycle summarized before event facts reads its deliveries once and keeps its events' facts.
    storeUnderived(db, [{ ...(processing as object), occurred_at: '2026-03-01T12:00:01Z' }]);
    derivedTables(db).catchUpAll();
    const grown = db.prepare('SELECT event_count, delivery_count, event_facts FROM lifecycles').get() as {
      event_count: number;
      delivery_count: number;
      event_facts: string;
    };
    expect(grown).toMatchObject({ event_count: 4, delivery_count: 6 });
    expect((JSON.parse(grown.event_facts) as Array<{ id: number }>).map((event) => event.id)).toEqual([1, 2, 4, 6]);
    db.close();
  });
});

describeEachEngine('derived results, on either engine', (engine) => {
  const [created, processing, completed] = formALifecycle();

  it('are brought up to date by the core when it starts on a store whose rows were stored but not yet derived', async () => {
    const dataDir = tempDataDir();
    const location = await storeLocation(engine);
    // Closed right after the commit: the derivation, due 20 ms later, never ran.
    const store = await openTestStore(engine, location ?? storeFile(dataDir));
    await Promise.all([processing, created, processing, completed].map((body) => store.storeDelivery(signedRecord(body))));
    expect(await store.derived.isCurrent()).toBe(false);
    await store.close();

    const t = await startTestCore({ dataDir, secret: testSecret, store: location });
    try {
      const page = await t.call('lifecycles.list', { limit: 10 });
      expect(page.items).toMatchObject([{ key: `send:${ids.externalSendId}`, currentStatus: 'completed', eventCount: 3, deliveryCount: 4 }]);
      const groups = await t.call('duplicates.list', { limit: 10 });
      expect(groups.items).toHaveLength(1);
      expect(groups.items[0]).toMatchObject({ count: 2 });
    } finally {
      await t.stop();
    }
  });

  it('are never found empty while a rebuild derives them again', async () => {
    const store = await openTestStore(engine);
    try {
      for (const body of [processing, created, processing, completed]) await store.storeDelivery(signedRecord(body));
      await store.derived.catchUpAll();
      const before = await store.listLifecycles({}, undefined, 10);
      expect(before).toHaveLength(1);
      // As the core does when the analyzer changed: re-analysed, then the derived tables emptied and derived again.
      await store.reanalyze(testSecret, { rebuild: true });
      // Read at once, without a catch-up first: what another inspector's read finds in the meantime.
      expect(await store.listLifecycles({}, undefined, 10)).toEqual(before);
      expect(await store.listDuplicateGroups(undefined, 10)).toMatchObject({ items: [{ count: 2 }] });
    } finally {
      await store.close();
    }
  });
});
