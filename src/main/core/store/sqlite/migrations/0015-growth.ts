import { sqlMigration } from './migration';

/**
 * Each lifecycle keeps the first delivery of each of its events: a delivery that brings a new event is then
 * reconstructed from those (one body per event) rather than from every copy a retry storm left. Rows from
 * before stay NULL until their lifecycle next grows, which reads its deliveries once and fills it.
 */
export const lifecycleEventFirstIds = sqlMigration('0015-growth', 'ALTER TABLE lifecycles ADD COLUMN event_first_ids TEXT;');
