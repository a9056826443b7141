import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createChannel, startRelay, type Relay } from 'webhook-inspector-relay';
import { demoPayoutOrderRequests, SimAccount, startSimulator } from 'payout-simulator';
import { loadOrCreateCertificate } from '../../src/main/core/receiver/tls';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { post } from '../support/https-client';
import { serviceHeaders, testSecret } from '../support/deliveries';
import { numberedBody } from '../support/signed-load';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { tempDataDir } from '../support/temp-dir';
import { until } from '../support/until';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface StoredRow {
  body: Buffer;
  source: string | null;
  source_id: string | null;
  signature: string;
  remote_address: string | null;
  received_at: number;
  path: string;
  headers: string;
}

function storedRows(dataDir: string): StoredRow[] {
  const db = new Database(join(dataDir, 'inspector.sqlite3'), { readonly: true });
  try {
    return db
      .prepare('SELECT body, source, source_id, signature, remote_address, received_at, path, headers FROM deliveries ORDER BY id')
      .all() as StoredRow[];
  } finally {
    db.close();
  }
}

let cluster: TestPostgres;
let relay: Relay;
let relayPool: pg.Pool;
let certDir: string;
let fingerprint: string;
let token: string;

async function sendToRelay(from: number, count: number, path = '/c/team/webhooks'): Promise<Buffer[]> {
  const bodies = Array.from({ length: count }, (_, i) => numberedBody(from + i));
  for (const body of bodies) {
    const answer = await post(`${relay.urls.https}${path}`, body, serviceHeaders(body));
    expect(answer.status).toBe(200);
  }
  return bodies;
}

function startLaptop(dataDir: string, relayToken = token): Promise<TestCore> {
  return startTestCore({ dataDir, secret: testSecret, relay: { url: relay.urls.https!, token: relayToken, fingerprint } });
}

beforeAll(async () => {
  cluster = await startTestPostgres();
  certDir = tempDataDir();
  const certificate = await loadOrCreateCertificate(certDir);
  fingerprint = certificate.fingerprint;
  relay = await startRelay({
    store: cluster.url,
    https: { port: 0, cert: certificate.cert, key: certificate.key },
  });
  relayPool = new pg.Pool({ connectionString: cluster.url });
  // The cluster stops under idle connections at the end: that is the test's doing, not a failure.
  relayPool.on('error', () => {});
  ({ token } = await createChannel(relayPool, 'team', { keepDays: null, keepBytes: null }));
}, 60_000);

afterAll(async () => {
  await relay?.close();
  await relayPool?.end();
  await cluster?.stop();
  rmSync(certDir, { recursive: true, force: true });
});

describe('relay to laptop', () => {
  test('deliveries sent while the laptop was away and while it is connected land once, byte-exact, signatures valid', async () => {
    const dataDir = tempDataDir();
    const early = await sendToRelay(1, 30);
    let laptop = await startLaptop(dataDir);
    await until(() => laptop.call('status.get', {}), (s) => s.deliveryCount === 30);
    const live = await sendToRelay(31, 20);
    await until(() => laptop.call('status.get', {}), (s) => s.deliveryCount === 50);
    const status = await laptop.call('status.get', {});
    expect(status.sources).toEqual([expect.objectContaining({ state: 'connected', behind: 0, reason: null })]);
    await laptop.stop();

    const whileAway = await sendToRelay(51, 25);
    laptop = await startLaptop(dataDir);
    await until(() => laptop.call('status.get', {}), (s) => s.deliveryCount >= 75);
    await laptop.stop();

    const rows = storedRows(dataDir);
    const sent = [...early, ...live, ...whileAway];
    expect(rows.map((r) => sha256(r.body))).toEqual(sent.map(sha256));
    expect(new Set(rows.map((r) => r.source_id)).size).toBe(75);
    for (const row of rows) {
      expect(row.signature).toBe('valid');
      expect(row.source).toMatch(/^relay:127\.0\.0\.1:\d+$/);
      expect(row.path).toBe('/c/team/webhooks');
      expect(row.remote_address).toMatch(/127\.0\.0\.1/);
      expect(JSON.parse(row.headers)).toEqual(expect.arrayContaining([['X-Service-Signature', expect.stringMatching(/^sha256=/)]]));
    }
    const relayed = await relayPool.query<{ received_at: string }>('SELECT received_at FROM relay_deliveries WHERE channel_id IS NOT NULL ORDER BY id');
    expect(rows.map((r) => r.received_at)).toEqual(relayed.rows.slice(0, 75).map((r) => Number(r.received_at)));
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('two laptops pulling one channel each get every delivery once, each with its own cursor', async () => {
    const [dirA, dirB] = [tempDataDir(), tempDataDir()];
    const laptopA = await startLaptop(dirA);
    const sent = await sendToRelay(3000, 15, '/c/team/two');
    const laptopB = await startLaptop(dirB);
    const more = await sendToRelay(3015, 10, '/c/team/two');
    try {
      for (const laptop of [laptopA, laptopB]) {
        const list = await until(
          () => laptop.call('deliveries.list', { filter: { path: '/c/team/two' }, limit: 100 }),
          (l) => l.total >= 25,
        );
        expect(list.total).toBe(25);
      }
    } finally {
      await laptopA.stop();
      await laptopB.stop();
    }
    for (const dir of [dirA, dirB]) {
      const rows = storedRows(dir).filter((r) => r.path === '/c/team/two');
      expect(rows.map((r) => sha256(r.body)).sort()).toEqual([...sent, ...more].map(sha256).sort());
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the simulated service's webhooks, sent to the relay, reach the laptop with signatures valid", async () => {
    const dataDir = tempDataDir();
    const laptop = await startLaptop(dataDir);
    const service = await startSimulator({ account: new SimAccount('sim-token', testSecret), seed: 7, timeScale: 3600, trustedFingerprint: fingerprint });
    try {
      for (const order of demoPayoutOrderRequests(service.world, `${relay.urls.https}/c/team/sim`)) {
        const answer = await fetch(`${service.apiUrl}/api/payout-orders`, {
          method: 'POST',
          headers: { 'X-Api-Token': 'sim-token', 'Content-Type': 'application/json' },
          body: JSON.stringify(order),
        });
        expect(answer.status).toBe(201);
      }
      const counts = await until(async () => service.dispatcher.state().counts, (c) => c.pending === 0);
      expect(counts.delivered).toBeGreaterThan(10);
      const list = await until(
        () => laptop.call('deliveries.list', { filter: { path: '/c/team/sim' }, limit: 500 }),
        (l) => l.total >= counts.delivered,
      );
      expect(list.total).toBe(counts.delivered);
      expect(new Set(list.items.map((d) => d.signature))).toEqual(new Set(['valid']));
    } finally {
      await service.close();
      await laptop.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a wrong token is refused the same way whether or not the channel exists, and the laptop says why', async () => {
    const answers = await Promise.all(
      ['wir_nonexistent', `${token}x`, ''].map(async (candidate) => {
        const answer = await post(`${relay.urls.https}/relay/v1/deliveries?after=0:0`, '', candidate ? { Authorization: `Bearer ${candidate}` } : {}, 'GET');
        return `${answer.status} ${answer.body}`;
      }),
    );
    expect(new Set(answers)).toEqual(new Set(['401 {"error":"unknown or missing token"}']));

    const laptop = await startLaptop(tempDataDir(), 'wir_wrong');
    const status = await until(() => laptop.call('status.get', {}), (s) => s.sources[0]?.state === 'disconnected');
    expect(status.sources[0]).toMatchObject({ state: 'disconnected', reason: expect.stringContaining('refused the token') });
    expect(JSON.stringify(status)).not.toContain('wir_wrong');
    expect(status.deliveryCount).toBe(0);
    await laptop.stop();
  });

  test('deliveries arriving together are committed together, each answered with its own row', async () => {
    const bodies = Array.from({ length: 120 }, (_, i) => numberedBody(5000 + i));
    const answers = await Promise.all(bodies.map((body) => post(`${relay.urls.https}/c/team/burst`, body, serviceHeaders(body))));
    expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 200));
    const ids = answers.map((a) => String(a.headers['x-inspector-delivery-id']));
    expect(new Set(ids).size).toBe(120);
    const stored = await relayPool.query<{ id: string; body: Buffer }>('SELECT id, body FROM relay_deliveries WHERE id = ANY($1::bigint[])', [ids]);
    const bodyOf = new Map(stored.rows.map((r) => [r.id, sha256(r.body)]));
    expect(ids.map((id) => bodyOf.get(id))).toEqual(bodies.map(sha256));
  });

  test('a delivery outside every channel is kept and answered 404', async () => {
    const body = numberedBody(900);
    const answer = await post(`${relay.urls.https}/webhooks`, body, serviceHeaders(body));
    expect(answer.status).toBe(404);
    const kept = await relayPool.query<{ body: Buffer }>("SELECT body FROM relay_deliveries WHERE channel_id IS NULL AND path = '/webhooks'");
    expect(kept.rows.map((r) => sha256(r.body))).toEqual([sha256(body)]);
  });

  test('retention keeps a channel within its byte budget, newest kept', async () => {
    const { token: smallToken } = await createChannel(relayPool, 'small', { keepDays: null, keepBytes: 5000 });
    expect(smallToken).toMatch(/^wir_/);
    const bodies = await sendToRelay(2000, 20, '/c/small/hooks');
    const pruned = await relay.prune();
    expect(pruned.deliveries).toBeGreaterThan(0);
    const kept = await relayPool.query<{ body: Buffer }>(
      "SELECT body FROM relay_deliveries d JOIN relay_channels c ON c.id = d.channel_id WHERE c.name = 'small' ORDER BY d.id",
    );
    const keptBytes = kept.rows.reduce((sum, r) => sum + r.body.length, 0);
    expect(keptBytes).toBeLessThanOrEqual(5000);
    expect(kept.rows.length).toBe(20 - pruned.deliveries);
    expect(kept.rows.map((r) => sha256(r.body))).toEqual(bodies.slice(-kept.rows.length).map(sha256));
  });
});
