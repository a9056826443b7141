import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { startTestCore, tempDataDir, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { describeEachEngine, queryStore, storeLocation, type EngineName } from '../support/engines';
import { post } from '../support/https-client';
import { until } from '../support/until';
import { humanLogger } from '../../src/main/core/logger';

/*
 * Deriving lifecycles and duplicate groups fails for a while, as when the disk is full or another program holds
 * the store: one log line with the cause, the status says it (the top bar shows it), the derivation is retried by
 * itself, and one more line says when it works again. A retry that succeeds says nothing (test/unit/lasting-failure).
 */

const failing = /cannot be updated/;
const recovered = /up to date again/;

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A trigger that fails every advance of the derivation's watermark with `cause`, and its removal. */
function watermarkFault(engine: EngineName, cause: string) {
  return engine === 'sqlite'
    ? {
        add: `CREATE TRIGGER derive_fault BEFORE UPDATE ON store_counts WHEN NEW.name = 'derived_through'
              BEGIN SELECT RAISE(FAIL, '${cause}'); END`,
        drop: 'DROP TRIGGER derive_fault',
      }
    : {
        add: `CREATE FUNCTION derive_fault() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RAISE EXCEPTION ''${cause}''; END';
              CREATE TRIGGER derive_fault BEFORE UPDATE ON store_counts FOR EACH ROW WHEN (NEW.name = 'derived_through')
              EXECUTE FUNCTION derive_fault()`,
        drop: 'DROP TRIGGER derive_fault ON store_counts; DROP FUNCTION derive_fault()',
      };
}

async function startLaptop(location: string | undefined, lines: string[], dataDir = tempDataDir()): Promise<TestCore> {
  const core = await startTestCore({ dataDir, store: location, secret: testSecret, logger: humanLogger((line) => lines.push(line)) });
  cleanups.push(async () => {
    await core.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return core;
}

describeEachEngine('a lasting failure to derive', (engine) => {
  it('is one log line with its cause and the status while it lasts, and one line when it is over', async () => {
    const lines: string[] = [];
    const location = await storeLocation(engine);
    const laptop = await startLaptop(location, lines);
    const store = { dataDir: laptop.dataDir, location };
    const cause = 'no space left on device (test)';
    const fault = watermarkFault(engine, cause);
    await queryStore(store, fault.add);

    const body = giftCardBody();
    expect((await post(`${laptop.receiverUrl}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
    const failed = await until(() => laptop.call('status.get', {}), (s) => s.derivedFailure !== null);
    expect(failed.derivedFailure).toEqual({ since: expect.any(String), message: expect.stringContaining(cause) });
    expect(failed.storeFailure).toBeNull();
    // Reads try again too, and fail: still the one line.
    expect((await laptop.call('lifecycles.list', {})).items).toEqual([]);
    expect(lines.filter((line) => failing.test(line))).toEqual([expect.stringContaining(cause)]);

    await queryStore(store, fault.drop);
    await until(() => laptop.call('status.get', {}), (s) => s.derivedFailure === null);
    expect((await laptop.call('lifecycles.list', {})).items).toHaveLength(1);
    expect(lines.filter((line) => failing.test(line) || recovered.test(line))).toEqual([
      expect.stringContaining(cause),
      expect.stringMatching(recovered),
    ]);
  }, 60_000);
});

it('another program holding the SQLite store’s write lock: one line naming the lock, the status, and one line once it lets go', async () => {
  const dataDir = tempDataDir();
  const file = join(dataDir, 'inspector.sqlite3');
  const lines: string[] = [];
  let laptop = await startTestCore({ dataDir, secret: testSecret, logger: humanLogger((line) => lines.push(line)) });
  const body = giftCardBody();
  expect((await post(`${laptop.receiverUrl}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
  await laptop.stop();
  // Left to derive again at the next start (as a crash, or a re-analysis, leaves it).
  await queryStore({ dataDir, location: undefined }, "UPDATE store_counts SET value = 0 WHERE name = 'derived_through'");
  await queryStore({ dataDir, location: undefined }, 'DELETE FROM lifecycles');

  // The other program: a write transaction left open, as `sqlite3` with a BEGIN IMMEDIATE would.
  const holder = new Database(file);
  holder.exec('BEGIN IMMEDIATE');
  cleanups.push(() => {
    if (holder.inTransaction) holder.exec('ROLLBACK');
    holder.close();
  });
  laptop = await startLaptop(undefined, lines, dataDir);
  const failed = await until(() => laptop.call('status.get', {}), (s) => s.derivedFailure !== null);
  expect(failed.derivedFailure?.message).toBe('database is locked');
  expect(lines.filter((line) => failing.test(line))).toEqual([expect.stringContaining('(database is locked)')]);

  holder.exec('ROLLBACK');
  await until(() => laptop.call('status.get', {}), (s) => s.derivedFailure === null);
  expect((await laptop.call('lifecycles.list', {})).items).toHaveLength(1);
  expect(lines.filter((line) => failing.test(line) || recovered.test(line))).toHaveLength(2);
  expect(lines.filter((line) => /locked/.test(line))).toHaveLength(1);
}, 60_000);
