import type { Db } from '../../src/main/core/store/sqlite/open';

/** The raw columns of deliveries that migrations added after the first (0013's source, 0022's answer time). */
const laterRawColumns = [
  ['source', 'TEXT'],
  ['source_id', 'TEXT'],
  ['response_after_ms', 'INTEGER'],
] as const;

/**
 * Stores rows into a store of an older schema with today's insert, which names raw columns later migrations
 * added: those it lacks are added for the inserts and dropped again, so that the store is as that version left it.
 */
export function insertWithTodaysColumns(db: Db, insert: () => void): void {
  const added = addTodaysColumns(db);
  insert();
  dropColumns(db, added);
}

/** The same around inserts that take turns of the event loop (a bulk writer's). */
export async function storeWithTodaysColumns(db: Db, store: () => Promise<void>): Promise<void> {
  const added = addTodaysColumns(db);
  await store();
  dropColumns(db, added);
}

function addTodaysColumns(db: Db): string[] {
  const present = new Set((db.prepare('PRAGMA table_info(deliveries)').all() as Array<{ name: string }>).map((c) => c.name));
  const missing = laterRawColumns.filter(([name]) => !present.has(name));
  for (const [name, type] of missing) db.exec(`ALTER TABLE deliveries ADD COLUMN ${name} ${type}`);
  return missing.map(([name]) => name);
}

function dropColumns(db: Db, names: readonly string[]): void {
  for (const name of names) db.exec(`ALTER TABLE deliveries DROP COLUMN ${name}`);
}

/**
 * Today's derivation and views read a delivery's keys from `delivery_keys` (the keys file of schema 19): a store of
 * an older schema gets that table in temp, gone on close, filled from its deliveries and kept by a trigger.
 */
export function keysInTemp(db: Db): void {
  db.exec(`
    CREATE TEMP TABLE delivery_keys (row_id INTEGER PRIMARY KEY, idempotency TEXT, lifecycle TEXT);
    INSERT INTO temp.delivery_keys SELECT id, idempotency_key, lifecycle_key FROM main.deliveries;
    CREATE TEMP TRIGGER delivery_keys_of_older_store AFTER INSERT ON main.deliveries
    BEGIN
      INSERT INTO delivery_keys VALUES (new.id, new.idempotency_key, new.lifecycle_key);
    END;
  `);
}
