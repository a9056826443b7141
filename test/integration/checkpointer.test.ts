import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCheckpointer } from '../../src/main/core/store/sqlite/checkpointer';
import { openStore } from '../../src/main/core/store/sqlite/open';
import { tempDataDir } from '../support/core-fixture';
import { until } from '../support/until';
import { humanLogger } from '../../src/main/core/logger';

/** Writes about `pages` 4 KiB pages of data through the main connection, in small transactions. */
function writePages(db: ReturnType<typeof openStore>, pages: number): void {
  const insert = db.prepare('INSERT INTO filler (data) VALUES (?)');
  for (let i = 0; i < pages; i++) insert.run(Buffer.alloc(3_500, i % 251));
}

const walPagesOf = (db: ReturnType<typeof openStore>) =>
  (db.pragma('wal_checkpoint(NOOP)') as Array<{ log: number }>)[0]!.log;

describe('the checkpointer', () => {
  it('copies the WAL into the database from its worker while the writer leaves it alone', async () => {
    const file = join(tempDataDir(), 'inspector.sqlite3');
    const db = openStore(file);
    db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, data BLOB NOT NULL) STRICT');
    const logged: string[] = [];
    const checkpointer = startCheckpointer(db, { log: humanLogger((line) => logged.push(line)) });
    const before = statSync(file).size;

    // 500 pages: below the writer's own threshold (its backstop), so only the worker can move them.
    writePages(db, 500);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBeGreaterThan(500);
    const grown = await until(async () => statSync(file).size, (size) => size > before + 400 * 4096, 10_000);
    expect(grown).toBeGreaterThan(before + 400 * 4096);
    expect(walPagesOf(db)).toBeGreaterThan(0);
    expect(logged).toEqual([]);

    await checkpointer.close();
    db.close();
    // The last connection to close removes the WAL.
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('hands checkpoints back to the writer when its worker cannot run', async () => {
    const file = join(tempDataDir(), 'inspector.sqlite3');
    const db = openStore(file);
    const logged: string[] = [];
    // A driver binary that does not exist: the worker fails to open the store.
    const checkpointer = startCheckpointer(db, { nativeBinding: join(tempDataDir(), 'missing.node'), log: humanLogger((line) => logged.push(line)) });
    const fellBack = (lines: string[]) => lines.some((line) => line.startsWith('store: checkpoints run on the main thread'));
    expect(fellBack(await until(async () => logged, fellBack, 10_000))).toBe(true);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
    await checkpointer.close();
    db.close();
  });
});
