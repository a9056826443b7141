import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { inspectorSchema } from '../../src/main/core/store/postgres/schema';
import { openStore } from '../../src/main/core/store';
import { migrations } from '../../src/main/core/store/sqlite/migrations';
import { builtCli } from '../support/cli-process';
import { describeEachEngine, openTestStore, queryStore, storeLocation } from '../support/engines';
import { tempDataDir } from '../support/temp-dir';

const execFileAsync = promisify(execFile);

/**
 * A migration edited after a store applied it: the store records each applied migration's hash, and an open that
 * finds another hash in the code refuses the store, naming the migration and both hashes, before anything is read
 * or written. Here the record is changed instead of the code (what the open compares is the same): the engines'
 * own migration lists stay as shipped.
 */
describeEachEngine('a store whose applied migration was edited since', (engine) => {
  const steps = engine === 'sqlite' ? migrations : inspectorSchema.steps;
  const edited = steps[1]!;
  const recorded = 'e'.repeat(64);
  const refusal = `migration ${edited.id} was changed after it was applied to this store (recorded sha256:${recorded}, now sha256:${edited.sha256}): restore it and add a new migration instead`;

  it('is refused at open with a message naming the migration and both hashes, by the store and by a command', async () => {
    const dataDir = tempDataDir();
    const url = await storeLocation(engine);
    await (await openTestStore(engine, url ?? join(dataDir, 'inspector.sqlite3'))).close();
    const store = { dataDir, location: url };
    await queryStore(store, 'UPDATE schema_migrations SET sha256 = ? WHERE version = 2', [recorded]);

    await expect(openStore({ dataDir, url }, { role: 'command' })).rejects.toThrow(refusal);

    const where = url === undefined ? ['--data-dir', dataDir] : ['--store', url];
    const run = await execFileAsync(process.execPath, [builtCli, 'export', ...where, '--format', 'ndjson']).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(refusal);
    // Nothing was changed by the refused opens: the record still says what it said.
    expect(await queryStore(store, 'SELECT sha256 FROM schema_migrations WHERE version = 2')).toEqual([{ sha256: recorded }]);
  });
});
