import { sqlMigration } from './migration';

/**
 * Lifecycle summaries and duplicate groups are derived after a delivery's commit, in their own
 * transactions: this records the last delivery they include. Stores before this version derived
 * them in the delivery's own transaction, so every stored row is already included.
 */
export const derivedWatermark = sqlMigration('0006-derived-watermark', `
    INSERT INTO store_counts (name, value) SELECT 'derived_through', coalesce(max(id), 0) FROM deliveries;
  `);
