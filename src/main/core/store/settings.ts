import type { z } from 'zod';
import type { SettingsStore } from './inspector-store';
import type { Db } from './open';

/** Small typed key/value settings; each value is validated by its schema on the way out. */
export function settingsQueries(db: Db): SettingsStore {
  const get = db.prepare('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const del = db.prepare('DELETE FROM settings WHERE key = ?');
  return {
    read<T>(key: string, schema: z.ZodType<T>): T | undefined {
      const row = get.get(key) as { value: string } | undefined;
      if (!row) return undefined;
      const parsed = schema.safeParse(JSON.parse(row.value));
      return parsed.success ? parsed.data : undefined;
    },
    write(key: string, value: unknown): void {
      put.run(key, JSON.stringify(value));
    },
    remove(key: string): void {
      del.run(key);
    },
  };
}
