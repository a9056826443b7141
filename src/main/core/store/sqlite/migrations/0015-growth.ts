import type { Db } from '../db';

/**
 * Each lifecycle keeps the first delivery of each of its events: a delivery that brings a new event is then
 * reconstructed from those (one body per event) rather than from every copy a retry storm left. Rows from
 * before stay NULL until their lifecycle next grows, which reads its deliveries once and fills it.
 */
export function lifecycleEventFirstIds(db: Db): void {
  db.exec('ALTER TABLE lifecycles ADD COLUMN event_first_ids TEXT;');
}
