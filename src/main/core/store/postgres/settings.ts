import type pg from 'pg';
import type { SettingsStore } from '../common/settings-store';
import type { Logger } from '../../logger';

/**
 * The settings table, held in memory: the core reads settings synchronously (at start, in constructors).
 * Read once at open; each write takes effect at once and is stored in order in the background.
 */
export async function pgSettings(pool: pg.Pool, log: Logger): Promise<SettingsStore & { flush(): Promise<void> }> {
  const values = new Map((await pool.query<{ key: string; value: string }>('SELECT key, value FROM settings')).rows.map((r) => [r.key, r.value]));
  let writes: Promise<void> = Promise.resolve();
  const inOrder = (key: string, sql: string, params: unknown[]) => {
    writes = writes
      .then(() => pool.query(sql, params))
      // The key only: a setting's value is never logged.
      .then(() => {}, (error: Error) => log.warn(`store: the setting ${key} could not be stored (${error.message})`));
  };
  return {
    read(key, schema) {
      const value = values.get(key);
      if (value === undefined) return undefined;
      const parsed = schema.safeParse(JSON.parse(value));
      return parsed.success ? parsed.data : undefined;
    },
    write(key, value) {
      const json = JSON.stringify(value);
      values.set(key, json);
      inOrder(key, 'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, json]);
    },
    remove(key) {
      values.delete(key);
      inOrder(key, 'DELETE FROM settings WHERE key = $1', [key]);
    },
    flush: () => writes,
  };
}
