import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../src/main/core/store/sqlite/migrations';
import { newStorePageSize, openStore, type Db } from '../../src/main/core/store/sqlite/open';
import { storeAtVersion } from '../support/query-plans';
import { analyzedTraffic, storeInBulk } from '../support/realistic-traffic';
import { tempDataDir } from '../support/temp-dir';
import { viewAnswers } from '../support/view-answers';

const allRows = (db: Db) => db.prepare('SELECT * FROM deliveries ORDER BY id').all();
const indexesOfDeliveries = (db: Db) =>
  db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'deliveries' ORDER BY name").pluck().all();

describe('schema 16: one index per filter column', () => {
  it('migrates a store of schema 15 keeping every delivery, its page size, and what each view answers', async () => {
    const dir = tempDataDir();
    // Today's writer needs today's schema (0017 too): the traffic is stored in a fresh store, and its rows are
    // copied as they are into one of schema 15, whose derived tables are then derived after the migration.
    const freshFile = join(dir, 'fresh.sqlite3');
    const fresh = storeAtVersion(freshFile);
    await storeInBulk(fresh, analyzedTraffic(300, 16));
    const rowsBefore = allRows(fresh);
    const answersBefore = await viewAnswers(fresh);
    fresh.close();
    const file = join(dir, 'inspector.sqlite3');
    const old = storeAtVersion(file, 15);
    old.prepare('ATTACH ? AS fresh').run(freshFile);
    old.exec('INSERT INTO deliveries SELECT * FROM fresh.deliveries; DETACH fresh');
    expect(allRows(old)).toEqual(rowsBefore);
    expect(rowsBefore).toHaveLength(300);
    expect(indexesOfDeliveries(old)).toContain('deliveries_by_event');
    old.close();

    const db = openStore(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
      expect(db.pragma('page_size', { simple: true })).toBe(4096);
      // The receive-time index of each filter moved on to delivery_filters since (0018).
      expect(indexesOfDeliveries(db)).toEqual([
        'deliveries_by_identical_bytes',
        'deliveries_by_key',
        'deliveries_by_lifecycle',
        'deliveries_by_received',
        'deliveries_by_source',
      ]);
      expect(allRows(db)).toEqual(rowsBefore);
      expect(await viewAnswers(db)).toEqual(answersBefore);
    } finally {
      db.close();
    }
  });

  it(`creates a new store with ${newStorePageSize}-byte pages, which it keeps when opened again`, () => {
    const file = join(tempDataDir(), 'inspector.sqlite3');
    for (let open = 0; open < 2; open++) {
      const db = openStore(file);
      expect(db.pragma('page_size', { simple: true })).toBe(newStorePageSize);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      db.close();
    }
  });
});
