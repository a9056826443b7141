import { join } from 'node:path';
import { expect } from 'vitest';
import type { DeliveryFilter } from '../../src/shared/delivery';
import { inProcessWriter } from '../../src/main/core/store/sqlite/in-process-writer';
import type { Db } from '../../src/main/core/store/sqlite/open';
import { sqliteStore } from '../../src/main/core/store/sqlite/sqlite-store';
import { storeAtVersion } from './query-plans';
import { analyzedTraffic, storeInBulk } from './realistic-traffic';

/** The filters, alone and with a text, over values the traffic has (the most frequent). */
export function filtersOf(db: Db): DeliveryFilter[] {
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
export async function viewAnswers(db: Db) {
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

export const allDeliveryRows = (db: Db) => db.prepare('SELECT * FROM deliveries ORDER BY id').all();

/** The names of the columns `deliveries` has in `db`'s schema. */
const deliveryColumns = (db: Db) => (db.prepare('PRAGMA main.table_info(deliveries)').all() as Array<{ name: string }>).map((c) => c.name);

/** Rows of today's schema as a store of `db`'s (older) schema holds them: the columns it has. */
export const asStoredIn = (db: Db, rows: unknown[]) => {
  const columns = deliveryColumns(db);
  return rows.map((row) => Object.fromEntries(columns.map((column) => [column, (row as Record<string, unknown>)[column]])));
};

/**
 * A store of an older schema `version` holding 300 deliveries of generated traffic: today's writer needs today's
 * schema, so the traffic is stored in a fresh store (whose rows and view answers are returned), and its rows are
 * copied as they are into the older one (the columns it has), left open for the caller (`old`, at `file`) to look at and close.
 */
export async function trafficInOlderStore(dir: string, version: number, seed: number) {
  const freshFile = join(dir, 'fresh.sqlite3');
  const fresh = storeAtVersion(freshFile);
  await storeInBulk(fresh, analyzedTraffic(300, seed));
  const rowsBefore = allDeliveryRows(fresh);
  const answersBefore = await viewAnswers(fresh);
  fresh.close();
  const file = join(dir, 'inspector.sqlite3');
  const old = storeAtVersion(file, version);
  old.prepare('ATTACH ? AS fresh').run(freshFile);
  // The columns the older schema has (a later migration's columns come with it, when the store is migrated).
  const columns = deliveryColumns(old).join(', ');
  old.exec(`INSERT INTO deliveries (${columns}) SELECT ${columns} FROM fresh.deliveries; DETACH fresh`);
  return { file, old, rowsBefore, answersBefore };
}
