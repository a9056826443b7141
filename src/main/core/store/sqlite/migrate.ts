import type { Db } from './db';
import { migrations } from './migrations';

/** Applies the missing migrations in one transaction; refuses a database written by a newer version. */
export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(
      `The data dir was written by a newer Webhook Inspector (schema ${current}; this one knows ${migrations.length}).`,
    );
  }
  if (current === migrations.length) return;
  db.transaction(() => {
    for (let version = current; version < migrations.length; version++) migrations[version]!(db);
    db.pragma(`user_version = ${migrations.length}`);
  })();
}
