import type { Db } from '../../src/main/core/store/sqlite/open';

/**
 * Stores rows into a store of an older schema with today's insert, which names raw columns later migrations
 * added: they are added for the inserts and dropped again, so that the store is as that version left it.
 */
export function insertWithTodaysColumns(db: Db, insert: () => void): void {
  db.exec('ALTER TABLE deliveries ADD COLUMN source TEXT; ALTER TABLE deliveries ADD COLUMN source_id TEXT');
  insert();
  db.exec('ALTER TABLE deliveries DROP COLUMN source; ALTER TABLE deliveries DROP COLUMN source_id');
}
