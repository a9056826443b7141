import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { derivationSteps, idleSearchRows, searchBacklogWhileBusy } from '../../src/main/core/store/sqlite/derived-tables';
import { openStore, type Db } from '../../src/main/core/store/sqlite/open';
import { openStoreWriter } from '../../src/main/core/store/sqlite/open-writer';
import { analyzedTraffic } from '../support/realistic-traffic';
import { tempDataDir } from '../support/temp-dir';

/*
 * The body search index is filled in pauses between deliveries, a thousand rows a transaction, and by the steps
 * between commits only once it is far behind; a search scans the rows above it meanwhile (body-search.test.ts).
 */

const indexedThrough = (db: Db) => db.prepare("SELECT value FROM store_counts WHERE name = 'search_indexed_through'").pluck().get() as number;
const searchable = (db: Db, word: string) =>
  db.prepare('SELECT count(*) FROM delivery_search WHERE delivery_search MATCH ?').pluck().get(word) as number;

const opened: Db[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

async function storeWith(count: number): Promise<Db> {
  const db = openStore(join(tempDataDir(), 'inspector.sqlite3'));
  opened.push(db);
  const writer = openStoreWriter(db, { threadFile: null });
  await writer.insert(analyzedTraffic(count, 27));
  await writer.close();
  return db;
}

describe('the body search index', () => {
  it('is left alone by the steps between commits, and filled in pauses a thousand rows a transaction', async () => {
    const db = await storeWith(1_500);
    // As the store's writer paces them (stepTargetMs): the groups and lifecycles are derived, the index waits.
    const steps = derivationSteps(db, { stepTargetMs: 3 });
    while (steps.step().backlog);
    expect(steps.isCurrent()).toBe(true);
    expect(indexedThrough(db)).toBe(0);

    expect(steps.fillIndexesWhileIdle()).toEqual({ backlog: true, failure: null });
    expect(indexedThrough(db)).toBe(idleSearchRows);
    expect(steps.fillIndexesWhileIdle()).toEqual({ backlog: false, failure: null });
    expect(indexedThrough(db)).toBe(1_500);
    expect(searchable(db, 'completed')).toBeGreaterThan(0);
    // Nothing left: no write transaction is begun.
    const changes = db.prepare('SELECT total_changes()').pluck();
    const before = changes.get();
    expect(steps.fillIndexesWhileIdle()).toEqual({ backlog: false, failure: null });
    expect(changes.get()).toBe(before);
  });

  it('is filled by the steps between commits too once it is far behind, as under deliveries that never pause', async () => {
    const db = await storeWith(200);
    // The same rows again far above, as if tens of thousands had come without a pause.
    db.exec(`CREATE TEMP TABLE copies AS SELECT * FROM deliveries;
             UPDATE copies SET id = id + ${searchBacklogWhileBusy};
             INSERT INTO deliveries SELECT * FROM copies;`);
    const steps = derivationSteps(db, { stepTargetMs: 3 });
    const latest = searchBacklogWhileBusy + 200;
    steps.step();
    expect(indexedThrough(db)).toBeGreaterThan(0);
    // Until it is no longer far behind: the rest waits for a pause.
    while (steps.step().backlog);
    expect(indexedThrough(db)).toBeGreaterThanOrEqual(200);
    expect(latest - indexedThrough(db)).toBeLessThan(searchBacklogWhileBusy);
  });
});
