import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadOrCreateCertificate } from '../../src/main/core/receiver/tls';
import { startRelay, type Relay } from 'webhook-inspector-relay';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { tempDataDir } from '../support/temp-dir';
import { rawRequest, type RawAnswer } from '../support/test-relay';
import { until } from '../support/until';

const password = 'healthz-secret-pw';
let cluster: TestPostgres;
let relay: Relay;
let pool: pg.Pool;
let storeUrl: string;
const certDir = tempDataDir();
const logged: string[] = [];

beforeAll(async () => {
  cluster = await startTestPostgres();
  // The test cluster trusts every local connection: the password is carried, unused, to see that it is never shown.
  storeUrl = cluster.url.replace('postgresql://inspector@', `postgresql://inspector:${password}@`);
  const certificate = await loadOrCreateCertificate(certDir);
  relay = await startRelay({
    store: storeUrl,
    https: { port: 0, cert: certificate.cert, key: certificate.key },
    httpPort: 0,
    logger: { info: (line) => logged.push(line), warn: (line) => logged.push(line), error: (line) => logged.push(line) },
  });
  pool = new pg.Pool({ connectionString: cluster.url, max: 1 });
  pool.on('error', () => {});
}, 60_000);

afterAll(async () => {
  await relay?.close();
  await pool?.end();
  await cluster?.stop();
  rmSync(certDir, { recursive: true, force: true });
});

const listeners = ['https', 'http'] as const;

/** A request to the relay's HTTPS listener or to its plain-HTTP one. */
async function ask(listener: (typeof listeners)[number], path: string, method = 'GET'): Promise<RawAnswer> {
  if (listener === 'https') return rawRequest(relay.urls.https!, path, { method });
  const res = await fetch(`${relay.urls.http}${path}`, { method });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

const ok = { status: 'ok', database: 'ok' };
const unavailable = { status: 'unavailable', database: 'unavailable', reason: 'the database cannot be reached' };

describe('GET /healthz on the relay, for load balancers', () => {
  test('200 while the database answers, on both listeners, with the headers of the relay’s own answers, unrecorded', async () => {
    for (const listener of listeners) {
      const answer = await ask(listener, '/healthz');
      expect(answer.status, listener).toBe(200);
      expect(JSON.parse(answer.body), listener).toEqual(ok);
      expect(answer.headers['content-type'], listener).toBe('application/json');
      expect(answer.headers['cache-control'], listener).toBe('no-store');
    }
    for (const listener of listeners) {
      const answer = await ask(listener, '/healthz', 'HEAD');
      expect(answer.status, listener).toBe(200);
      expect(answer.body, listener).toBe('');
    }
    const own = await rawRequest(relay.urls.https!, '/relay/v1/status', { method: 'GET' });
    const health = await rawRequest(relay.urls.https!, '/healthz', { method: 'GET' });
    expect(Object.keys(health.headers).sort()).toEqual(Object.keys(own.headers).sort());
    expect((await pool.query("SELECT 1 FROM relay_deliveries WHERE path LIKE '/healthz%'")).rows).toEqual([]);
  });

  test('503 with a reason and Retry-After while the database is stopped (never its URL or password), 200 once it is back', { timeout: 90_000 }, async () => {
    await cluster.halt();
    try {
      for (const listener of listeners) {
        const answer = await until(() => ask(listener, '/healthz'), (a) => a.status === 503);
        expect(answer.status, listener).toBe(503);
        expect(JSON.parse(answer.body), listener).toEqual(unavailable);
        expect(Number(answer.headers['retry-after']), listener).toBeGreaterThan(0);
        for (const secret of [password, storeUrl, new URL(storeUrl).port]) expect(answer.body, listener).not.toContain(secret);
      }
      // The first health check, on `/`, says the same.
      const root = await rawRequest(relay.urls.https!, '/', { method: 'GET' });
      expect([root.status, JSON.parse(root.body)]).toEqual([503, { ok: false, store: 'down' }]);
    } finally {
      await cluster.resume();
    }
    for (const listener of listeners) {
      const answer = await until(() => ask(listener, '/healthz'), (a) => a.status === 200);
      expect([answer.status, JSON.parse(answer.body)], listener).toEqual([200, ok]);
    }
    expect(logged).toEqual(expect.arrayContaining(['relay: health check: the database cannot be reached', 'relay: health check: the database answers again']));
    expect(logged.filter((line) => line.includes(password))).toEqual([]);
  });

  test('docs/relay.md shows the answers as they are', () => {
    const page = readFileSync(resolve(__dirname, '../../docs/relay.md'), 'utf8');
    expect(page).toContain(`200 \`${JSON.stringify(ok)}\``);
    expect(page).toContain(`503 \`${JSON.stringify(unavailable)}\``);
  });
});
