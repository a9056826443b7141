import type { Db } from '../db';

/**
 * The indexes by idempotency key and by lifecycle key move off `deliveries` into the store's keys file, with pages a
 * quarter the size (delivery-keys.ts): opening the store fills that file from the deliveries, once, right after this.
 */
export function keysApart(db: Db): void {
  db.exec(`
    DROP INDEX deliveries_by_key;
    DROP INDEX deliveries_by_lifecycle;
  `);
}
