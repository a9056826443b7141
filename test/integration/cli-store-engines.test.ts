import { execFile } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchSecret } from '../../bench/generate';
import { fileSecretStore } from '../../src/main/core/signing-secret';
import type { InspectorStore } from '../../src/main/core/store/inspector-store';
import { builtCli } from '../support/cli-process';
import { openTestStore, queryStore, stopTestPostgres, storeLocation, testPostgres } from '../support/engines';
import { analyzedTraffic } from '../support/realistic-traffic';
import { startTarget } from '../support/replay-target';
import { tempDataDir } from '../support/temp-dir';
import { unusedPort } from '../support/unused-port';

const execFileAsync = promisify(execFile);
/** The test cluster trusts local connections: any password is accepted, so one can stand in a URL. */
const password = 'pw-in-the-url-5e81d2';
const passwordWarning = /^warning: the password in --store is visible in the process list; give the URL in WEBHOOK_INSPECTOR_STORE or with --store-file FILE instead$/m;

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The built CLI, with WEBHOOK_INSPECTOR_STORE only when `env` gives it. */
async function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const { WEBHOOK_INSPECTOR_STORE: _inherited, ...environment } = process.env;
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [builtCli, ...args], {
      env: { ...environment, ...env },
      maxBuffer: 256 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function ok(args: string[], env?: NodeJS.ProcessEnv): Promise<CliRun> {
  const run = await cli(args, env);
  expect(run.stderr, `${args.join(' ')} failed`).not.toMatch(/^webhook-inspector:/m);
  expect(run.code).toBe(0);
  return run;
}

async function seeded(store: InspectorStore, records: ReturnType<typeof analyzedTraffic>): Promise<void> {
  try {
    await Promise.all(records.map((record) => store.storeDelivery(record)));
    await store.derived.catchUpAll();
  } finally {
    await store.close();
  }
}

function withPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = password;
  return parsed.toString();
}

/** A fixtures folder's files and their bytes, the manifest's creation time aside. */
function folderContents(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const text = readFileSync(join(dir, name)).toString('base64');
    files[name] = name === 'manifest.json' ? JSON.stringify({ ...JSON.parse(readFileSync(join(dir, name), 'utf8')), created: null }) : text;
  }
  return files;
}

/** The same realistic traffic in a data dir's SQLite file and in a PostgreSQL database. */
let sqliteDir: string;
let postgresUrl: string;
const traffic = analyzedTraffic(400, 24);

beforeAll(async () => {
  sqliteDir = tempDataDir();
  postgresUrl = (await storeLocation('postgresql'))!;
  await seeded(await openTestStore('sqlite', join(sqliteDir, 'inspector.sqlite3')), traffic);
  await seeded(await openTestStore('postgresql', postgresUrl), traffic);
}, 120_000);

afterAll(stopTestPostgres);

/** The SQLite side's exports, read by several tests: the store is never written, so each is run once. */
let sqliteExport: Promise<CliRun> | undefined;
let sqliteLifecycles: Promise<CliRun> | undefined;
const ndjsonOfSqlite = () => (sqliteExport ??= ok(['export', '--data-dir', sqliteDir, '--format', 'ndjson']));
const lifecyclesOfSqlite = () => (sqliteLifecycles ??= ok(['lifecycles', '--data-dir', sqliteDir, '--format', 'ndjson']));

// Each test runs the built CLI a dozen times: a few seconds each on a busy machine.
describe('the CLI on a PostgreSQL store (--store, --store-file, WEBHOOK_INSPECTOR_STORE)', { timeout: 180_000 }, () => {
  it('exports the same NDJSON, byte for byte, as from the same data in SQLite, and the same lifecycles', async () => {
    const fromSqlite = await ndjsonOfSqlite();
    const fromPostgres = await ok(['export', '--store', postgresUrl, '--format', 'ndjson']);
    const lines = fromSqlite.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(traffic.length);
    expect(lines.some((line) => line.duplicateOf !== null)).toBe(true);
    expect(lines.some((line) => line.lifecycleKey !== null && line.eventRank !== null)).toBe(true);
    expect(fromPostgres.stdout).toBe(fromSqlite.stdout);
    expect(fromPostgres.stderr.trim()).toBe(`Exported ${traffic.length} deliveries as NDJSON to standard output`);

    const ofSqlite = await lifecyclesOfSqlite();
    const ofPostgres = await ok(['lifecycles', '--format', 'ndjson'], { WEBHOOK_INSPECTOR_STORE: postgresUrl });
    expect(ofSqlite.stdout.trim().split('\n').length).toBeGreaterThan(10);
    expect(ofPostgres.stdout).toBe(ofSqlite.stdout);
  });

  it('exports the same HAR and fixtures (redacted, re-signed with a test secret) as from SQLite', async () => {
    const urlFile = join(tempDataDir(), 'store-url');
    writeFileSync(urlFile, `${postgresUrl}\n`);
    chmodSync(urlFile, 0o600);
    const lifecycles = (await lifecyclesOfSqlite()).stdout;
    const lifecycleKey = (JSON.parse(lifecycles.split('\n')[0]!) as { key: string }).key;
    const harOfSqlite = await ok(['export', '--data-dir', sqliteDir, '--format', 'har', '--lifecycle', lifecycleKey]);
    const harOfPostgres = await ok(['export', '--store-file', urlFile, '--format', 'har', '--lifecycle', lifecycleKey]);
    expect((JSON.parse(harOfSqlite.stdout) as { log: { entries: unknown[] } }).log.entries.length).toBeGreaterThan(0);
    expect(harOfPostgres.stdout).toBe(harOfSqlite.stdout);

    // The redaction key is the data dir's: both exports use the one of `sqliteDir`.
    const fixtures = ['--format', 'fixtures', '--ids', '1,2,3,4,5', '--redact', '--test-secret', 'whsec_fixture_test_secret'];
    const toSqlite = join(tempDataDir(), 'fixtures');
    const toPostgres = join(tempDataDir(), 'fixtures');
    await ok(['export', '--data-dir', sqliteDir, ...fixtures, '--out', toSqlite]);
    const fromPostgres = await ok(['export', '--data-dir', sqliteDir, '--store', postgresUrl, ...fixtures, '--out', toPostgres]);
    expect(fromPostgres.stderr).toContain(`Exported 5 deliveries as fixtures to ${toPostgres}`);
    const contents = folderContents(toSqlite);
    expect(Object.keys(contents)).toHaveLength(11);
    expect(folderContents(toPostgres)).toEqual(contents);
  });

  it('refuses a fixtures test secret equal to the data dir’s signing secret, as on SQLite', async () => {
    const dataDir = tempDataDir();
    fileSecretStore(dataDir, 'signing-secret').save('whsec_the_real_one');
    const run = await cli(['export', '--data-dir', dataDir, '--store', postgresUrl, '--format', 'fixtures', '--ids', '1', '--test-secret', 'whsec_the_real_one']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/--test-secret must differ from the signing secret/);
  });

  it('imports into PostgreSQL as into SQLite: analysed with the secret given, duplicates grouped, lifecycles derived', async () => {
    const source = join(tempDataDir(), 'source.ndjson');
    writeFileSync(source, (await ndjsonOfSqlite()).stdout);
    const intoSqlite = tempDataDir();
    const intoPostgres = (await storeLocation('postgresql'))!;
    const withWrongSecret = (await storeLocation('postgresql'))!;
    expect((await ok(['import', source, '--data-dir', intoSqlite, '--secret', benchSecret])).stdout).toBe(`imported ${traffic.length}, skipped 0\n`);
    expect((await ok(['import', source, '--store', intoPostgres, '--secret', benchSecret])).stdout).toBe(`imported ${traffic.length}, skipped 0\n`);
    await ok(['import', source, '--store', withWrongSecret, '--secret', 'whsec_not_the_senders']);

    // What the team server shows at once: every delivery derived by the import itself.
    const [sqlite, postgres] = [await openTestStore('sqlite', join(intoSqlite, 'inspector.sqlite3')), await openTestStore('postgresql', intoPostgres)];
    try {
      expect(await postgres.derived.isCurrent()).toBe(true);
      const views = async (store: InspectorStore) => ({
        lifecycles: await store.listLifecycles({}, undefined, 5_000),
        groups: await store.listDuplicateGroups(undefined, 1_000),
        orders: await store.listOrders(1_000),
      });
      const onSqlite = await views(sqlite);
      expect(onSqlite.lifecycles.length).toBeGreaterThan(10);
      expect(onSqlite.groups.total).toBeGreaterThan(0);
      expect(await views(postgres)).toEqual(onSqlite);
    } finally {
      await Promise.all([sqlite.close(), postgres.close()]);
    }

    const exportedSqlite = (await ok(['export', '--data-dir', intoSqlite, '--format', 'ndjson'])).stdout;
    const exportedPostgres = (await ok(['export', '--store', intoPostgres, '--format', 'ndjson'])).stdout;
    expect(exportedPostgres).toBe(exportedSqlite);
    const verdicts = (ndjson: string) => ndjson.trim().split('\n').map((line) => (JSON.parse(line) as { signature: string }).signature);
    expect(verdicts(exportedPostgres)).toContain('valid');
    expect(verdicts(exportedPostgres).filter((v) => v === 'valid').length).toBeGreaterThan(traffic.length / 2);
    expect(verdicts((await ok(['export', '--store', withWrongSecret, '--format', 'ndjson'])).stdout)).not.toContain('valid');
    expect((await ok(['lifecycles', '--store', intoPostgres, '--format', 'ndjson'])).stdout).toBe(
      (await ok(['lifecycles', '--data-dir', intoSqlite, '--format', 'ndjson'])).stdout,
    );
  }, 120_000);

  it('replays a delivery of a PostgreSQL store to a local target and records the replay in that store', async () => {
    const target = await startTarget(() => ({ status: 200, body: '{"ok":true}' }));
    try {
      const run = await ok(['replay', '--store', postgresUrl, '--id', '1', '--to', `${target.url}/hooks`]);
      expect(run.stdout).toMatch(/^Status: 200$/m);
      const [got] = await target.received(1);
      expect(got!.body.equals(traffic[0]!.raw.body)).toBe(true);
      const replays = await queryStore({ dataDir: sqliteDir, location: postgresUrl }, 'SELECT delivery_id, response_status FROM replays');
      expect(replays.map((r) => [Number(r.delivery_id), r.response_status])).toEqual([[1, 200]]);
      // The data dir's SQLite store was not the one used.
      expect(await queryStore({ dataDir: sqliteDir, location: undefined }, 'SELECT count(*) AS n FROM replays')).toEqual([{ n: 0 }]);
    } finally {
      await target.close();
    }
  });

  it('warns of a password given with --store, and never prints it in an error', async () => {
    const withPw = await ok(['lifecycles', '--store', withPassword(postgresUrl), '--format', 'ndjson']);
    expect(withPw.stderr).toMatch(passwordWarning);
    expect(withPw.stderr).not.toContain(password);

    const cluster = new URL((await testPostgres()).url);
    const unreachable = `postgresql://inspector:${password}@127.0.0.1:${await unusedPort()}/inspector`;
    const noDatabase = `postgresql://inspector:${password}@${cluster.host}/no_such_database`;
    for (const [url, reason] of [
      [unreachable, /the database is unavailable/],
      [noDatabase, /no_such_database/],
    ] as const) {
      for (const command of [
        ['export', '--format', 'ndjson'],
        ['import', join(sqliteDir, 'nothing.ndjson')],
        ['replay', '--id', '1', '--to', 'http://127.0.0.1:9/'],
      ]) {
        const run = await cli([...command, '--store', url]);
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(reason);
        expect(run.stdout + run.stderr.replace(passwordWarning, '')).not.toContain(password);
      }
      const fromEnvironment = await cli(['lifecycles', '--format', 'ndjson'], { WEBHOOK_INSPECTOR_STORE: url });
      expect(fromEnvironment.code).toBe(1);
      expect(fromEnvironment.stderr).not.toMatch(passwordWarning);
      expect(fromEnvironment.stdout + fromEnvironment.stderr).not.toContain(password);
    }
  });
});
