import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serviceHeaders } from '../support/deliveries';
import { numberedBody } from '../support/signed-load';
import { openStream, rawRequest, startTestRelay, type RawAnswer, type TestRelay } from '../support/test-relay';
import { until } from '../support/until';

let relay: TestRelay;
let token: string;

beforeAll(async () => {
  relay = await startTestRelay();
  token = await relay.createChannel('team');
}, 60_000);

afterAll(async () => {
  await relay?.stop();
});

const unavailable = { error: "the relay's database is unavailable", reason: 'store_unavailable' };

function expectUnavailable(answer: RawAnswer, what: string): void {
  expect(answer.status, what).toBe(503);
  expect(JSON.parse(answer.body), what).toEqual(unavailable);
  expect(Number(answer.headers['retry-after']), what).toBeGreaterThan(0);
}

describe('the relay while its database is down', () => {
  test('every endpoint answers 503 naming the database, with Retry-After; all is well again once it is back', { timeout: 90_000 }, async () => {
    const pull = (call: string) => rawRequest(relay.url, `/relay/v1/${call}`, { method: 'GET', headers: { Authorization: `Bearer ${token}` } });
    const body = numberedBody(1);
    const deliver = (path: string) => rawRequest(relay.url, path, { body, headers: serviceHeaders(body) });
    expect((await deliver('/c/team/before')).status).toBe(200);
    const open = await openStream(relay.url, token);
    await until(async () => open.deliveries().length, (n) => n === 1);

    await relay.cluster.halt();
    try {
      // The open stream is told why and ended; the laptop opens it again and is told 503 while it lasts.
      await until(async () => open.ended(), Boolean);
      expect(open.text()).toContain(`event: error\ndata: ${JSON.stringify(unavailable)}`);

      // A channel the relay knows, one it would have to look up, and a path outside every channel.
      for (const path of ['/c/team/during', '/c/unknown/during', '/elsewhere']) expectUnavailable(await deliver(path), `POST ${path}`);
      for (const call of ['deliveries', 'stream', 'status', 'deliveries?after=1:1']) expectUnavailable(await pull(call), `GET ${call}`);

      const health = await rawRequest(relay.url, '/', { method: 'GET' });
      expect(health.status).toBe(503);
      expect(JSON.parse(health.body)).toEqual({ ok: false, store: 'down' });
    } finally {
      await relay.cluster.resume();
    }

    const health = await until(() => rawRequest(relay.url, '/', { method: 'GET' }), (a) => a.status === 200);
    expect(JSON.parse(health.body)).toEqual({ ok: true, store: 'up' });
    expect((await deliver('/c/team/after')).status).toBe(200);
    const page = await pull('deliveries');
    expect(page.status).toBe(200);
    expect((JSON.parse(page.body) as { deliveries: Array<{ path: string }> }).deliveries.map((d) => d.path)).toEqual(['/c/team/before', '/c/team/after']);
  });
});
