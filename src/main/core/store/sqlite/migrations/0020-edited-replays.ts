import { sqlMigration } from './migration';

/**
 * "Edit, then replay": a replay whose body or headers were edited before sending is marked so, and keeps the exact
 * bytes it sent (its headers were kept already); any other sent its delivery's bytes, and keeps none of its own.
 */
export const editedReplays = sqlMigration('0020-edited-replays', `
    ALTER TABLE replays ADD COLUMN edited INTEGER NOT NULL DEFAULT 0 CHECK (edited IN (0, 1));
    ALTER TABLE replays ADD COLUMN request_body BLOB;
  `);
