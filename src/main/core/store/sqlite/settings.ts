import type { z } from 'zod';
import type { SettingsStore } from '../common/settings-store';
import type { Db } from './db';
import type { Logger } from '../../logger';

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

/** A settings change to store: the key, and its value as JSON, or null to remove it. */
export type SettingChange = [key: string, json: string | null];

/** Stores changes in one transaction of `db` (the writer's connection), in order. */
export function settingChangesWriter(db: Db): (changes: SettingChange[]) => void {
  const put = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const del = db.prepare('DELETE FROM settings WHERE key = ?');
  return db.transaction((changes: SettingChange[]) => {
    for (const [key, json] of changes) {
      if (json === null) del.run(key);
      else put.run(key, json);
    }
  });
}

/**
 * The settings of a store that writes through its writer (sqlite-writer.ts): read from memory, loaded at open; each
 * change takes effect at once and is handed to `store`, the changes of one turn together, in order, so that the
 * reading connection never writes (and never waits for the writer's lock when the writer has its own).
 */
export function writeBehindSettings(
  db: Db,
  store: (changes: SettingChange[]) => Promise<void>,
  log: Logger,
): SettingsStore & { flush(): Promise<void> } {
  const values = new Map(
    (db.prepare('SELECT key, value FROM settings').all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]),
  );
  let pending = new Map<string, string | null>();
  let writes: Promise<void> = Promise.resolve();
  const storePending = () => {
    if (pending.size === 0) return;
    const changes = [...pending];
    pending = new Map();
    writes = writes.then(
      () => store(changes),
      () => store(changes),
    );
    // The keys only: a setting's value is never logged.
    writes.catch((error: Error) => log.warn(`store: the settings ${changes.map(([key]) => key).join(', ')} could not be stored (${error.message})`));
  };
  const change = (key: string, json: string | null) => {
    if (pending.size === 0) setImmediate(storePending);
    // A key changed twice in a turn is stored once, with its last value.
    pending.delete(key);
    pending.set(key, json);
    if (json === null) values.delete(key);
    else values.set(key, json);
  };
  return {
    read<T>(key: string, schema: z.ZodType<T>): T | undefined {
      const value = values.get(key);
      if (value === undefined) return undefined;
      const parsed = schema.safeParse(JSON.parse(value));
      return parsed.success ? parsed.data : undefined;
    },
    write: (key, value) => change(key, JSON.stringify(value)),
    remove: (key) => change(key, null),
    /** Settles once every change made so far is stored (or failed, and was logged). */
    async flush(): Promise<void> {
      if (pending.size > 0) storePending();
      await writes.catch(() => {});
    },
  };
}
