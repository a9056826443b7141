import { sqlMigration } from './migration';

/**
 * Each lifecycle keeps its events' facts (what the lifecycle rules read of each event's first delivery, JSON) in
 * place of those deliveries' ids: a new event then grows the summary from its own body alone. Rows from before
 * stay NULL until their lifecycle next grows, which reads its deliveries once and fills it.
 */
export const lifecycleEventFacts = sqlMigration('0017-lifecycle-event-facts', `
    ALTER TABLE lifecycles ADD COLUMN event_facts TEXT;
    ALTER TABLE lifecycles DROP COLUMN event_first_ids;
  `);
