import Database from 'better-sqlite3';
import { createHash, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createChannel } from '../../src/main/core/relay/channels';
import { loadOrCreateCertificate } from '../../src/main/core/receiver/tls';
import { spawnCommand, spawnServe, type ServeProcess } from '../support/cli-process';
import { serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { cleanedUpAfterAll } from '../support/serve-cleanup';
import { numberedBody } from '../support/signed-load';
import { tempDataDir } from '../support/temp-dir';
import { until } from '../support/until';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const { dataDirs, running } = cleanedUpAfterAll();

let cluster: TestPostgres;
let pool: pg.Pool;
let certFiles: { cert: string; key: string; fingerprint: string };

beforeAll(async () => {
  cluster = await startTestPostgres();
  pool = new pg.Pool({ connectionString: cluster.url });
  pool.on('error', () => {});
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
  await pool?.end();
  await cluster?.stop();
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

async function kill(process: ServeProcess): Promise<void> {
  process.child.kill('SIGKILL');
  await process.exited;
  running.delete(process);
}

describe('relay and laptop as processes', () => {
  test('two relays on one database, one killed mid-load: every acknowledged delivery is stored once', { timeout: 90_000 }, async () => {
    const store = await cluster.createDatabase('two_relays');
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
    const store = await cluster.createDatabase('catch_up');
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
});
