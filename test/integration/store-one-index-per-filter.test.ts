import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../src/main/core/store/sqlite/migrations';
import { newStorePageSize, openStore, type Db } from '../../src/main/core/store/sqlite/open';
import { tempDataDir } from '../support/temp-dir';
import { allDeliveryRows, asStoredIn, trafficInOlderStore, viewAnswers } from '../support/view-answers';

const indexesOfDeliveries = (db: Db) =>
  db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'deliveries' ORDER BY name").pluck().all();

describe('schema 16: one index per filter column', () => {
  it('migrates a store of schema 15 keeping every delivery, its page size, and what each view answers', async () => {
    // Its derived tables are derived after the migration.
    const { file, old, rowsBefore, answersBefore } = await trafficInOlderStore(tempDataDir(), 15, 16);
    expect(allDeliveryRows(old)).toEqual(asStoredIn(old, rowsBefore));
    expect(rowsBefore).toHaveLength(300);
    expect(indexesOfDeliveries(old)).toContain('deliveries_by_event');
    old.close();

    const db = openStore(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
      expect(db.pragma('page_size', { simple: true })).toBe(4096);
      // The receive-time index of each filter moved on to delivery_filters since (0018), the key indexes to the keys file (0019).
      expect(indexesOfDeliveries(db)).toEqual([
        'deliveries_by_identical_bytes',
        'deliveries_by_received',
        'deliveries_by_source',
      ]);
      expect(allDeliveryRows(db)).toEqual(rowsBefore);
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
