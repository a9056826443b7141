import type { Db } from '../db';

/**
 * Each lifecycle keeps its events' facts (what the lifecycle rules read of each event's first delivery, JSON) in
 * place of those deliveries' ids: a new event then grows the summary from its own body alone. Rows from before
 * stay NULL until their lifecycle next grows, which reads its deliveries once and fills it.
 */
export function lifecycleEventFacts(db: Db): void {
  db.exec(`
    ALTER TABLE lifecycles ADD COLUMN event_facts TEXT;
    ALTER TABLE lifecycles DROP COLUMN event_first_ids;
  `);
}
