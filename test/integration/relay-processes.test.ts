import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createChannel } from 'webhook-inspector-relay';
import { loadOrCreateCertificate } from '../../src/main/core/receiver/tls';
import { builtCli, spawnCommand, spawnServe, type ServeProcess } from '../support/cli-process';
import { serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { withTestPostgres } from '../support/postgres-per-suite';
import { cleanedUpAfterAll } from '../support/serve-cleanup';
import { numberedBody } from '../support/signed-load';
import { tempDataDir } from '../support/temp-dir';
import { openStream, rawRequest } from '../support/test-relay';
import { until } from '../support/until';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const { dataDirs, running } = cleanedUpAfterAll();

const postgres = withTestPostgres();
let certFiles: { cert: string; key: string; fingerprint: string };

beforeAll(async () => {
  const dir = tempDataDir();
  dataDirs.push(dir);
  const certificate = await loadOrCreateCertificate(dir);
  writeFileSync(join(dir, 'relay.crt'), certificate.cert);
  writeFileSync(join(dir, 'relay.key'), certificate.key);
  certFiles = { cert: join(dir, 'relay.crt'), key: join(dir, 'relay.key'), fingerprint: certificate.fingerprint };
}, 60_000);

afterAll(async () => {
  for (const process of running) process.child.kill('SIGKILL');
  await Promise.all([...running].map((p) => p.exited));
  running.clear();
});

async function startRelayProcess(store: string): Promise<ServeProcess> {
  const relay = await spawnCommand(
    'relay',
    ['--port', '0', '--cert', certFiles.cert, '--key', certFiles.key],
    'Relay (HTTPS)',
    { ...process.env, WEBHOOK_INSPECTOR_RELAY_STORE: store },
  );
  running.add(relay);
  return relay;
}

function countStored(dataDir: string): number {
  const db = new Database(join(dataDir, 'inspector.sqlite3'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM deliveries').get() as { n: number }).n;
  } catch {
    return 0;
  } finally {
    db.close();
  }
}

function storedBodies(dataDir: string): Array<{ body: Buffer; signature: string; source_id: string }> {
  const db = new Database(join(dataDir, 'inspector.sqlite3'), { readonly: true });
  try {
    return db.prepare('SELECT body, signature, source_id FROM deliveries ORDER BY id').all() as never;
  } finally {
    db.close();
  }
}

/** Runs a short command of the built CLI to its end: its exit code and output. */
function runRelayCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [builtCli, 'relay', ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function kill(process: ServeProcess): Promise<void> {
  process.child.kill('SIGKILL');
  await process.exited;
  running.delete(process);
}

describe('relay and laptop as processes', () => {
  test('two relays on one database, one killed mid-load: every acknowledged delivery is stored once', { timeout: 90_000 }, async () => {
    const store = await postgres.cluster.createDatabase('two_relays');
    const [a, b] = [await startRelayProcess(store), await startRelayProcess(store)];
    const channelPool = new pg.Pool({ connectionString: store });
    await createChannel(channelPool, 'team', { keepDays: null, keepBytes: null });
    const urls = [a.lines['Relay (HTTPS)']!, b.lines['Relay (HTTPS)']!];
    const acknowledged = new Set<string>();
    // A load balancer's view: alternate relays, and move a failed attempt to the other one.
    for (let n = 0; n < 200; n++) {
      if (n === 100) await kill(a);
      const body = numberedBody(n);
      for (const url of n % 2 === 0 ? urls : [...urls].reverse()) {
        const attempt = randomUUID();
        const answer = await post(`${url}/c/team/hooks`, body, { ...serviceHeaders(body), 'X-Service-Delivery': attempt }).catch(() => null);
        if (answer?.status === 200) {
          acknowledged.add(attempt);
          break;
        }
      }
    }
    expect(acknowledged.size).toBe(200);
    const { rows } = await channelPool.query<{ headers: string }>('SELECT headers FROM relay_deliveries');
    const attempts = rows.map((r) => (JSON.parse(r.headers) as Array<[string, string]>).find(([name]) => name === 'X-Service-Delivery')![1]);
    expect(attempts.length).toBe(new Set(attempts).size);
    for (const attempt of acknowledged) expect(attempts).toContain(attempt);
    await channelPool.end();
  });

  test('a laptop killed mid catch-up of 500 deliveries ends with all 500 once, byte-exact, signatures valid', { timeout: 90_000 }, async () => {
    const store = await postgres.cluster.createDatabase('catch_up');
    const relay = await startRelayProcess(store);
    const relayUrl = relay.lines['Relay (HTTPS)']!;
    const channelPool = new pg.Pool({ connectionString: store });
    const { token } = await createChannel(channelPool, 'team', { keepDays: null, keepBytes: null });
    await channelPool.end();
    const bodies = Array.from({ length: 500 }, (_, n) => numberedBody(10_000 + n));
    for (const body of bodies) expect((await post(`${relayUrl}/c/team/hooks`, body, serviceHeaders(body))).status).toBe(200);

    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    const laptopArgs = [
      '--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--no-simulator', '--secret', testSecret,
      '--relay', relayUrl, '--relay-token', token, '--relay-fingerprint', certFiles.fingerprint,
    ];
    const first = await spawnServe(laptopArgs);
    running.add(first);
    // Killed at the first sign of progress: the catch-up pages 100, 200, 200, so it is still under way.
    let atKill = 0;
    const deadline = Date.now() + 20_000;
    while ((atKill = countStored(dataDir)) === 0 && Date.now() < deadline) await new Promise((tick) => setTimeout(tick, 2));
    await kill(first);
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(500);

    const second = await spawnServe(laptopArgs);
    running.add(second);
    await until(async () => countStored(dataDir), (n) => n >= 500, 30_000);
    await kill(second);
    const stored = storedBodies(dataDir);
    expect(stored.map((r) => sha256(r.body)).sort()).toEqual(bodies.map(sha256).sort());
    expect(new Set(stored.map((r) => r.source_id)).size).toBe(500);
    expect(stored.every((r) => r.signature === 'valid')).toBe(true);
  });

  test('channel rotate and revoke take effect at once on a running relay, open streams included, and are audited', { timeout: 90_000 }, async () => {
    const store = await postgres.cluster.createDatabase('rotate_revoke');
    const storeFile = join(tempDataDir(), 'relay-store-url');
    dataDirs.push(join(storeFile, '..'));
    writeFileSync(storeFile, `${store}\n`, { mode: 0o600 });
    const relay = await startRelayProcess(store);
    const url = relay.lines['Relay (HTTPS)']!;
    const created = await runRelayCli(['channel', 'create', 'team', '--store-file', storeFile]);
    expect(created.code).toBe(0);
    const oldToken = /Pull token[^:]*: (\S+)/.exec(created.stdout)![1]!;
    const page = (token: string) => rawRequest(url, '/relay/v1/deliveries', { method: 'GET', headers: { Authorization: `Bearer ${token}` } });
    expect((await page(oldToken)).status).toBe(200);
    const oldStream = await openStream(url, oldToken);
    expect(oldStream.status).toBe(200);

    const rotated = await runRelayCli(['channel', 'rotate', 'team', '--store-file', storeFile]);
    expect(rotated.code).toBe(0);
    const newToken = /Pull token[^:]*: (\S+)/.exec(rotated.stdout)![1]!;
    expect(newToken).not.toBe(oldToken);
    expect((await page(oldToken)).status).toBe(401);
    expect((await page(newToken)).status).toBe(200);
    await until(async () => oldStream.ended(), Boolean);
    expect(oldStream.ended()).toBe(true);

    const newStream = await openStream(url, newToken);
    expect(newStream.status).toBe(200);
    const body = numberedBody(7);
    expect((await post(`${url}/c/team/hooks`, body, serviceHeaders(body))).status).toBe(200);
    await until(async () => newStream.deliveries().length, (n) => n === 1);

    const revoked = await runRelayCli(['channel', 'revoke', 'team'], { ...process.env, WEBHOOK_INSPECTOR_RELAY_STORE: store });
    expect(revoked.code).toBe(0);
    await until(async () => newStream.ended(), Boolean);
    expect(newStream.ended()).toBe(true);
    expect((await page(newToken)).status).toBe(401);
    const refused = await post(`${url}/c/team/hooks`, body, serviceHeaders(body));
    expect(refused.status).toBe(410);
    const relayDb = new pg.Pool({ connectionString: store });
    const kept = await relayDb.query<{ channel_id: string | null; response_status: number }>(
      "SELECT channel_id, response_status FROM relay_deliveries WHERE path = '/c/team/hooks' ORDER BY id",
    );
    await relayDb.end();
    expect(kept.rows.map((r) => [r.channel_id === null, r.response_status])).toEqual([[false, 200], [true, 410]]);
    expect((await runRelayCli(['channel', 'rotate', 'team', '--store-file', storeFile])).stderr).toContain('is revoked');

    const listed = await runRelayCli(['channel', 'list', '--store-file', storeFile]);
    expect(listed.stdout).toMatch(/^team\trevoked \d{4}-/m);
    const audit = await runRelayCli(['audit', '--store-file', storeFile]);
    const actor = userInfo().username;
    expect(audit.stdout.trim().split('\n').map((line) => line.split('\t').slice(1))).toEqual([
      [actor, 'create', 'team'],
      [actor, 'rotate', 'team'],
      [actor, 'revoke', 'team'],
    ]);
    for (const output of [created, rotated, revoked, listed, audit]) expect(output.stderr).not.toMatch(/warning/);
  });

  test('a password given with --store is warned about, never printed', async () => {
    const store = await postgres.cluster.createDatabase('store_flag');
    const withPassword = store.replace('inspector@', 'inspector:s3cret-pass@');
    const listed = await runRelayCli(['channel', 'list', '--store', withPassword]);
    expect(listed.code).toBe(0);
    expect(listed.stderr).toMatch(/^warning: the password in --store is visible in the process list/m);
    expect(listed.stderr).not.toContain('s3cret-pass');
  });
});
