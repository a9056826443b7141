import { sqlMigration } from './migration';

/**
 * The indexes by idempotency key and by lifecycle key move off `deliveries` into the store's keys file, with pages a
 * quarter the size (delivery-keys.ts): opening the store fills that file from the deliveries, once, right after this.
 */
export const keysApart = sqlMigration('0019-keys-apart', `
    DROP INDEX deliveries_by_key;
    DROP INDEX deliveries_by_lifecycle;
  `);
