import { z } from 'zod';
import type { SettingsStore } from '../common/settings-store';
import type { Db } from './db';

/** What the local store holds of one relay source: the relay ids already stored, and where its pulls resume. */
export function deliverySourceQueries(db: Db, settings: SettingsStore, source: string) {
  const stored = db.prepare(
    'SELECT source_id FROM deliveries WHERE source = ? AND source_id IN (SELECT value FROM json_each(?))',
  );
  const counted = db.prepare('SELECT count(*) FROM deliveries WHERE source = ?').pluck();
  const cursorKey = `sourceCursor:${source}`;
  return {
    alreadyStored(relayIds: string[]): Set<string> {
      const rows = stored.all(source, JSON.stringify(relayIds)) as Array<{ source_id: string }>;
      return new Set(rows.map((row) => row.source_id));
    },
    /** Deliveries stored from this source, in every run. */
    count: () => counted.get(source) as number,
    cursor: {
      read: () => settings.read(cursorKey, z.string()) ?? '0:0',
      write: (cursor: string) => settings.write(cursorKey, cursor),
    },
  };
}
