import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DeliveryFilter } from '../../src/shared/delivery';
import { derivationSteps, filtersBacklogWhileBusy, idleSearchRows } from '../../src/main/core/store/sqlite/derived-tables';
import { inProcessWriter } from '../../src/main/core/store/sqlite/in-process-writer';
import { openStoreWriter } from '../../src/main/core/store/sqlite/open-writer';
import { openStore, type Db } from '../../src/main/core/store/sqlite/open';
import { sqliteStore } from '../../src/main/core/store/sqlite/sqlite-store';
import { analyzedTraffic, storeInBulk } from '../support/realistic-traffic';
import { tempDataDir } from '../support/temp-dir';
import { allDeliveryRows, filtersOf, trafficInOlderStore, viewAnswers } from '../support/view-answers';

/** What delivery_filters should hold: each delivery's filter columns. */
const filterColumns = (db: Db, table: 'deliveries' | 'delivery_filters') =>
  db.prepare(`SELECT id, received_at, event, form, signature, path FROM ${table} ORDER BY id`).all();
const filledThrough = (db: Db) => db.prepare('SELECT coalesce(max(id), 0) FROM delivery_filters').pluck().get() as number;

/** The list a filter should show, read the plain way: every matching delivery, newest received first. */
function expectedIds(db: Db, filter: DeliveryFilter): number[] {
  const conditions = Object.entries(filter).map(([column]) => `${column} = ?`);
  return db
    .prepare(`SELECT id FROM deliveries WHERE ${conditions.join(' AND ') || 'TRUE'} ORDER BY received_at DESC, id DESC`)
    .pluck()
    .all(...Object.values(filter)) as number[];
}

describe('schema 18: the filters apart, in delivery_filters', () => {
  it('migrates a store of schema 17 keeping every delivery and what each view answers, every delivery in the filters', async () => {
    const { file, old, rowsBefore, answersBefore } = await trafficInOlderStore(tempDataDir(), 17, 18);
    old.close();

    const db = openStore(file);
    try {
      expect(allDeliveryRows(db)).toEqual(rowsBefore);
      expect(filterColumns(db, 'delivery_filters')).toEqual(filterColumns(db, 'deliveries'));
      expect(await viewAnswers(db)).toEqual(answersBefore);
    } finally {
      db.close();
    }
  });

  it('lists, counts and offers as facets the deliveries stored since the filters were last filled, in receive-time order', async () => {
    const db = openStore(join(tempDataDir(), 'inspector.sqlite3'));
    try {
      const traffic = analyzedTraffic(240, 7);
      await storeInBulk(db, traffic.slice(0, 200));
      expect(filledThrough(db)).toBe(200);
      // Stored, not derived: as between two steps. One of them received long before the others (an import's).
      const late = traffic.slice(200).map((record, i) => (i === 5 ? { ...record, facts: { ...record.facts, receivedAt: 1_000 } } : record));
      await inProcessWriter(db).insert(late);
      expect(filledThrough(db)).toBe(200);

      const store = sqliteStore(db, inProcessWriter(db));
      for (const filter of filtersOf(db).filter((f) => !f.text && Object.keys(f).length > 0)) {
        const expected = expectedIds(db, filter);
        expect(expected.some((id) => id > 200), JSON.stringify(filter)).toBe(true);
        const first = await store.listDeliveries({ filter, limit: 7 });
        const next = await store.listDeliveries({ filter, limit: 500, beforeId: first.items.at(-1)!.id });
        expect([...first.items, ...next.items].map((d) => d.id), JSON.stringify(filter)).toEqual(expected);
        expect(first.total, JSON.stringify(filter)).toBe(expected.length);
      }
      const distinct = (column: string) =>
        db.prepare(`SELECT DISTINCT ${column} FROM deliveries WHERE ${column} IS NOT NULL ORDER BY 1`).pluck().all();
      expect(await store.deliveryFacets()).toEqual({ events: distinct('event'), paths: distinct('path') });

      // Once derived, the filters hold them all, and the answers are the same.
      const before = await viewAnswers(db);
      await store.derived.catchUpAll();
      expect(filterColumns(db, 'delivery_filters')).toEqual(filterColumns(db, 'deliveries'));
      expect(await viewAnswers(db)).toEqual(before);
    } finally {
      db.close();
    }
  });

  it('follows a verdict a re-analysis changes and a delivery retention deletes', async () => {
    const db = openStore(join(tempDataDir(), 'inspector.sqlite3'));
    try {
      await storeInBulk(db, analyzedTraffic(60, 3));
      const store = sqliteStore(db, inProcessWriter(db));
      const validBefore = (await store.listDeliveries({ filter: { signature: 'valid' }, limit: 100 })).total;
      expect(validBefore).toBeGreaterThan(2);
      db.prepare("UPDATE deliveries SET signature = 'invalid' WHERE id IN (SELECT id FROM deliveries WHERE signature = 'valid' LIMIT 2)").run();
      db.prepare('DELETE FROM deliveries WHERE id <= 10').run();
      expect(filterColumns(db, 'delivery_filters')).toEqual(filterColumns(db, 'deliveries'));
      const valid = await store.listDeliveries({ filter: { signature: 'valid' }, limit: 100 });
      expect(valid.items.map((d) => d.id)).toEqual(expectedIds(db, { signature: 'valid' }));
      expect(valid.total).toBeLessThanOrEqual(validBefore - 2);
    } finally {
      db.close();
    }
  });

  it('is filled in pauses and catch-ups, a thousand rows a transaction, and by the steps between commits only once far behind', async () => {
    const db = openStore(join(tempDataDir(), 'inspector.sqlite3'));
    try {
      const writer = openStoreWriter(db, { threadFile: null });
      await writer.insert(analyzedTraffic(1_500, 27));
      await writer.close();
      // As the store's writer paces them (stepTargetMs): the groups and lifecycles are derived, the filters wait.
      const steps = derivationSteps(db, { stepTargetMs: 3 });
      while (steps.step().backlog);
      expect(steps.isCurrent()).toBe(true);
      expect(filledThrough(db)).toBe(0);
      expect(steps.fillIndexesWhileIdle().backlog).toBe(true);
      expect(filledThrough(db)).toBe(idleSearchRows);
      expect(steps.fillIndexesWhileIdle()).toEqual({ backlog: false, failure: null });
      expect(filledThrough(db)).toBe(1_500);
      expect(filterColumns(db, 'delivery_filters')).toEqual(filterColumns(db, 'deliveries'));

      // The same rows again far above, as if thousands had come without a pause: the steps fill them too.
      db.exec(`CREATE TEMP TABLE copies AS SELECT * FROM deliveries;
               UPDATE copies SET id = id + ${filtersBacklogWhileBusy};
               INSERT INTO deliveries SELECT * FROM copies;`);
      while (steps.step().backlog);
      const latest = filtersBacklogWhileBusy + 1_500;
      expect(filledThrough(db)).toBeGreaterThan(1_500);
      expect(latest - filledThrough(db)).toBeLessThan(filtersBacklogWhileBusy);
      // The rest waits for the next pause.
      while (steps.fillIndexesWhileIdle().backlog);
      expect(filledThrough(db)).toBe(latest);
      expect(filterColumns(db, 'delivery_filters')).toEqual(filterColumns(db, 'deliveries'));
    } finally {
      db.close();
    }
  });
});
