import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DeliveryFilter } from '../../src/shared/delivery';
import { inProcessWriter } from '../../src/main/core/store/sqlite/in-process-writer';
import { migrations } from '../../src/main/core/store/sqlite/migrations';
import { newStorePageSize, openStore, type Db } from '../../src/main/core/store/sqlite/open';
import { sqliteStore } from '../../src/main/core/store/sqlite/sqlite-store';
import { storeAtVersion } from '../support/query-plans';
import { analyzedTraffic, storeInBulk } from '../support/realistic-traffic';
import { tempDataDir } from '../support/temp-dir';

/** The filters, alone and with a text, over values the traffic has (the most frequent). */
function filtersOf(db: Db): DeliveryFilter[] {
  const common = (column: string) =>
    db.prepare(`SELECT ${column} FROM deliveries WHERE ${column} IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`).pluck().get() as string;
  return [
    {},
    { event: common('event') },
    { form: 'crypto_form_b' },
    { signature: 'valid' },
    { path: common('path') },
    { form: 'crypto_form_b', text: 'confirming' },
    { signature: 'valid', text: 'usdc' },
    { event: common('event'), text: 'grant' },
  ];
}

/** What the views answer: each filter's pages (first and next), the facets, some details, groups and lifecycles. */
async function viewAnswers(db: Db) {
  const store = sqliteStore(db, inProcessWriter(db));
  // As the core does before it reads them: a migrated store derives its groups and lifecycles here.
  await store.derived.catchUpAll();
  const answers: unknown[] = [];
  for (const filter of filtersOf(db)) {
    const first = await store.listDeliveries({ filter, limit: 7 });
    expect(first.items.length, JSON.stringify(filter)).toBeGreaterThan(0);
    answers.push(first, await store.listDeliveries({ filter, limit: 7, beforeId: first.items.at(-1)?.id ?? 1 }));
  }
  answers.push(await store.deliveryFacets());
  for (let id = 1; id <= 300; id += 29) answers.push(await store.getDelivery(id));
  answers.push(await store.listDuplicateGroups(undefined, 50), await store.listLifecycles({}, undefined, 50));
  return answers;
}

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
      expect(indexesOfDeliveries(db)).toEqual([
        'deliveries_by_event_received',
        'deliveries_by_form_received',
        'deliveries_by_identical_bytes',
        'deliveries_by_key',
        'deliveries_by_lifecycle',
        'deliveries_by_path_received',
        'deliveries_by_received',
        'deliveries_by_signature_received',
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
