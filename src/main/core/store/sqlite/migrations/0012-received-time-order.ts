import { sqlMigration } from './migration';

/**
 * The deliveries list is ordered by receive time, newest first, so that an import of older traffic sorts below
 * today's: an index of (received_at, id) for the whole list and one per filter column. The (column, id) indexes
 * stay for the text search, which walks in id order.
 */
export const receivedTimeOrder = sqlMigration('0012-received-time-order', `
    CREATE INDEX deliveries_by_received ON deliveries (received_at, id);
    CREATE INDEX deliveries_by_event_received ON deliveries (event, received_at, id);
    CREATE INDEX deliveries_by_form_received ON deliveries (form, received_at, id);
    CREATE INDEX deliveries_by_signature_received ON deliveries (signature, received_at, id);
    CREATE INDEX deliveries_by_path_received ON deliveries (path, received_at, id);
  `);
