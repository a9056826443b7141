import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryRecord } from '../../src/main/core/delivery-record/delivery-record';
import { attachDeliveryKeys } from '../../src/main/core/store/sqlite/delivery-keys';
import { getDelivery } from '../../src/main/core/store/sqlite/delivery-views';
import { inProcessWriter } from '../../src/main/core/store/sqlite/in-process-writer';
import { openStore, type Db } from '../../src/main/core/store/sqlite/open';
import { analyzedTraffic } from '../support/realistic-traffic';
import { tempDataDir } from '../support/temp-dir';

/**
 * The keys file is a database of its own, attached: a transaction that inserts a delivery commits the store's file
 * first and the keys file a moment later (SQLite makes a commit atomic per file in WAL mode, not across files), and a
 * reader takes each file's snapshot when it first reads it. So a reader can see a delivery's row while the keys file
 * does not show it yet. Here that moment is held open: the reader reads the keys file first, then the row is stored.
 */
describe("a delivery's detail while the keys file has not shown it yet", () => {
  const open: Db[] = [];
  afterEach(() => {
    for (const db of open.splice(0)) db.close();
  });

  /** The store (its writing connection) and a reader whose keys snapshot is taken now. */
  function storeAndLaggingReader() {
    const file = join(tempDataDir(), 'inspector.sqlite3');
    const db = openStore(file);
    const reader = new Database(file);
    attachDeliveryKeys(reader, { writes: false });
    open.push(reader, db);
    return { db, reader };
  }
  const holdKeysSnapshot = (reader: Db) => {
    reader.exec('BEGIN');
    reader.prepare('SELECT count(*) FROM keys.delivery_keys').get();
  };

  /** Copies of one event: records of realistic traffic sharing an idempotency key, the first two of its group. */
  function copiesOfOneEvent(): [DeliveryRecord, DeliveryRecord] {
    const traffic = analyzedTraffic(400, 3);
    const byKey = new Map<string, DeliveryRecord[]>();
    for (const record of traffic) {
      const key = record.analysis.idempotencyKey;
      if (key !== null) byKey.set(key, [...(byKey.get(key) ?? []), record]);
    }
    const copies = [...byKey.values()].find((group) => group.length >= 2 && group[0]!.bodySha256 === group[1]!.bodySha256)!;
    return [copies[0]!, copies[1]!];
  }

  it('answers the first copy of its event with the delivery as its own group, not an error', async () => {
    const { db, reader } = storeAndLaggingReader();
    const [first] = copiesOfOneEvent();
    holdKeysSnapshot(reader);
    const [id] = await inProcessWriter(db).insert([first]);

    const detail = getDelivery(reader, id!)!;
    expect(detail.id).toBe(id);
    expect(detail.duplicateCount).toBe(1);
    expect(detail.duplicateOf).toBeNull();
    expect(detail.group).toMatchObject({ firstId: id, lastId: id, identicalBodies: true });
    expect(detail.siblings.map((s) => s.id)).toEqual([id]);
    reader.exec('COMMIT');
  });

  it('counts a later copy in its group, as its last', async () => {
    const { db, reader } = storeAndLaggingReader();
    const [first, copy] = copiesOfOneEvent();
    const [firstId] = await inProcessWriter(db).insert([first]);
    holdKeysSnapshot(reader);
    const [copyId] = await inProcessWriter(db).insert([copy]);

    const detail = getDelivery(reader, copyId!)!;
    expect(detail.duplicateCount).toBe(2);
    expect(detail.duplicateOf).toBe(firstId);
    expect(detail.group).toMatchObject({ firstId, lastId: copyId, identicalBodies: true });
    expect(detail.siblings.map((s) => s.id)).toEqual([firstId, copyId]);
    reader.exec('COMMIT');

    // Once the reader's snapshot is new, the keys file shows it: the same answer.
    expect(getDelivery(reader, copyId!)).toEqual(detail);
  });
});
