import Database from 'better-sqlite3';
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachDeliveryKeys, deliveryKeysFile } from '../../src/main/core/store/sqlite/delivery-keys';
import { inProcessWriter } from '../../src/main/core/store/sqlite/in-process-writer';
import { migrations } from '../../src/main/core/store/sqlite/migrations';
import { openStore, type Db } from '../../src/main/core/store/sqlite/open';
import { sqliteStore } from '../../src/main/core/store/sqlite/sqlite-store';
import { analyzedTraffic, storeInBulk } from '../support/realistic-traffic';
import { keysInTemp, storeWithTodaysColumns } from '../support/old-store';
import { storeAtVersion } from '../support/query-plans';
import { tempDataDir } from '../support/temp-dir';

/** What the keys file holds, and what the deliveries say it should hold. */
const keysRows = (db: Db) => db.prepare('SELECT row_id, idempotency, lifecycle FROM keys.delivery_keys ORDER BY row_id').raw().all();
const deliveriesKeys = (db: Db) => db.prepare('SELECT id, idempotency_key, lifecycle_key FROM deliveries ORDER BY id').raw().all();

/** What the views show of the store's duplicates and lifecycles, through the keys. */
async function views(db: Db) {
  const store = sqliteStore(db, inProcessWriter(db));
  await store.derived.catchUpAll();
  const groups = await store.listDuplicateGroups(undefined, 50);
  const lifecycles = await store.listLifecycles({}, undefined, 50);
  const firstKey = lifecycles[0]!.key;
  const list = await store.listDeliveries({ filter: {}, limit: 50 });
  return {
    groups,
    lifecycles,
    lifecycle: await store.viewLifecycle(firstKey),
    copies: list.items.map((item) => [item.id, item.duplicateCount]),
  };
}

const storeFileIn = (dir: string) => join(dir, 'inspector.sqlite3');

/** A closed store holding generated traffic, and what its views showed. */
async function storedTraffic(count: number, seed: number) {
  const file = storeFileIn(tempDataDir());
  const db = openStore(file);
  await storeInBulk(db, analyzedTraffic(count, seed));
  const before = await views(db);
  db.close();
  return { file, before };
}

/** Opens the store again: its keys are what its deliveries say, and the views show what they showed. */
async function expectMendedOnOpen(file: string, before: Awaited<ReturnType<typeof views>>) {
  const db = openStore(file);
  expect(keysRows(db)).toEqual(deliveriesKeys(db));
  expect(await views(db)).toEqual(before);
  db.close();
}

describe("the store's keys file (idempotency and lifecycle keys, in 1024-byte pages)", () => {
  it('is created beside a new store with pages a quarter of the rows’, and follows every delivery stored', async () => {
    const file = storeFileIn(tempDataDir());
    const db = openStore(file);
    await storeInBulk(db, analyzedTraffic(300, 11));
    expect(existsSync(deliveryKeysFile(file))).toBe(true);
    expect(db.pragma('keys.page_size', { simple: true })).toBe(1024);
    expect(db.pragma('main.page_size', { simple: true })).toBe(4096);
    expect(db.pragma('keys.journal_mode', { simple: true })).toBe('wal');
    expect(keysRows(db)).toEqual(deliveriesKeys(db));
    // Neither random-key index is left on the rows' file.
    const indexes = db.prepare("SELECT name FROM main.sqlite_master WHERE type = 'index' AND tbl_name = 'deliveries'").pluck().all();
    expect(indexes).not.toContain('deliveries_by_key');
    expect(indexes).not.toContain('deliveries_by_lifecycle');
    db.close();
  });

  it('commits without an fsync, and keeps a small page cache on the receiver’s connection only', async () => {
    const file = storeFileIn(tempDataDir());
    const db = openStore(file);
    const writer = inProcessWriter(db);
    await writer.insert(analyzedTraffic(20, 5));
    // The store's commits keep their fsync (a writer relaxes it only for its own calls); the keys file's never have one.
    expect(db.pragma('main.synchronous', { simple: true })).toBe(2);
    expect(db.pragma('keys.synchronous', { simple: true })).toBe(1);
    // Other connections keep SQLite's default cache for their reads of a key's range.
    expect(db.pragma('keys.cache_size', { simple: true })).toBe(-16000);
    expect(keysRows(db)).toEqual(deliveriesKeys(db));
    // The writer thread's: every commit after a page split visits each cached page (delivery-keys.ts).
    const receiver = new Database(file);
    attachDeliveryKeys(receiver, { writes: true, receives: true });
    expect(receiver.pragma('keys.cache_size', { simple: true })).toBe(-2000);
    expect(receiver.pragma('keys.synchronous', { simple: true })).toBe(1);
    receiver.close();
    await writer.close();
    db.close();
  });

  it('follows a delivery whose keys a re-analysis changes, and one retention deletes', async () => {
    const db = openStore(storeFileIn(tempDataDir()));
    await storeInBulk(db, analyzedTraffic(120, 12));
    db.prepare("UPDATE deliveries SET idempotency_key = 'moved', lifecycle_key = 'send:moved' WHERE id = 7").run();
    db.prepare('DELETE FROM deliveries WHERE id IN (8, 9)').run();
    expect(keysRows(db)).toEqual(deliveriesKeys(db));
    expect(keysRows(db)).toContainEqual([7, 'moved', 'send:moved']);
    db.close();
  });

  it('is rebuilt when it is gone, and the views show what they showed', async () => {
    const { file, before } = await storedTraffic(400, 13);
    for (const path of [deliveryKeysFile(file), `${deliveryKeysFile(file)}-wal`, `${deliveryKeysFile(file)}-shm`]) rmSync(path, { force: true });
    await expectMendedOnOpen(file, before);
  });

  it('is mended on open when a power cut left it behind the deliveries, or ahead of them', async () => {
    const { file, before } = await storedTraffic(300, 14);
    // As a lost WAL tail leaves it: the last deliveries' keys missing, and keys of a commit the store lost, each
    // counted as the triggers count them.
    const keys = new Database(deliveryKeysFile(file));
    keys.prepare('DELETE FROM delivery_keys WHERE row_id > 250').run();
    keys.prepare("INSERT INTO delivery_keys VALUES (301, 'lost', 'send:lost'), (302, 'lost', NULL)").run();
    keys.prepare('UPDATE delivery_keys_count SET rows = (SELECT count(*) FROM delivery_keys)').run();
    keys.close();
    await expectMendedOnOpen(file, before);
  });

  it('is filled again when it counts other rows than the store: a deletion lost in it alone, or the keys of a newer copy', async () => {
    const file = storeFileIn(tempDataDir());
    let db = openStore(file);
    await storeInBulk(db, analyzedTraffic(300, 16));
    db.close();
    // A delivery's deletion that a power cut undid in the keys file alone: a row no delivery has.
    let keys = new Database(deliveryKeysFile(file));
    keys.prepare("INSERT INTO delivery_keys VALUES (0, 'deleted', 'send:deleted')").run();
    keys.prepare('UPDATE delivery_keys_count SET rows = rows + 1').run();
    keys.close();
    db = openStore(file);
    expect(keysRows(db)).toEqual(deliveriesKeys(db));

    // A copy of the store restored beside the keys of the store it became since (more deliveries, some deleted).
    db.close();
    copyFileSync(file, `${file}.backup`);
    db = openStore(file);
    await storeInBulk(db, analyzedTraffic(50, 17));
    db.prepare('DELETE FROM deliveries WHERE id IN (3, 4, 5)').run();
    db.close();
    keys = new Database(deliveryKeysFile(file));
    expect(keys.prepare('SELECT rows FROM delivery_keys_count').pluck().get()).toBe(347);
    keys.close();
    copyFileSync(`${file}.backup`, file);
    db = openStore(file);
    expect(deliveriesKeys(db)).toHaveLength(300);
    expect(keysRows(db)).toEqual(deliveriesKeys(db));
    db.close();
  });

  it('is filled from the deliveries when a store from before it is opened, which keeps every delivery', async () => {
    const file = storeFileIn(tempDataDir());
    // Schema 18: the last before the keys file (migrations/0019-keys-apart.ts).
    const old = storeAtVersion(file, 18);
    // That version's store, with its deliveries and their derived tables (the keys it reads, in temp as it had them on deliveries).
    keysInTemp(old);
    await storeWithTodaysColumns(old, () => storeInBulk(old, analyzedTraffic(300, 15)));
    const stored = deliveriesKeys(old);
    old.close();

    const db = openStore(file);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(deliveriesKeys(db)).toEqual(stored);
    expect(keysRows(db)).toEqual(stored);
    db.close();
  });
});
