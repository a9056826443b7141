import { sqlMigration } from './migration';

/**
 * Deliveries pulled from a relay name their source and the relay's id of them: a delivery pulled again (after a
 * reconnect, a restart or a crash before the cursor was saved) is recognised and never stored twice.
 */
export const deliverySources = sqlMigration('0013-delivery-sources', `
    ALTER TABLE deliveries ADD COLUMN source TEXT;
    ALTER TABLE deliveries ADD COLUMN source_id TEXT;
    CREATE UNIQUE INDEX deliveries_by_source ON deliveries (source, source_id) WHERE source IS NOT NULL;
  `);
