import { sqlMigration } from './migration';

/**
 * One index per filter column, the receive-time one (0012) the list pages by: the `(column, id)` indexes of 0001
 * served only the text search's rows above the search index's watermark, which the primary key finds as well
 * (test/integration/query-plans.test.ts shows each query's plan before and after). Every index is written with
 * each delivery; these four were a tenth of the bytes a delivery wrote (bench/store-bytes.ts).
 */
export const oneIndexPerFilter = sqlMigration('0016-one-index-per-filter', `
    DROP INDEX deliveries_by_event;
    DROP INDEX deliveries_by_form;
    DROP INDEX deliveries_by_signature;
    DROP INDEX deliveries_by_path;
  `);
