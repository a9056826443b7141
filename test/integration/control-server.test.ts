import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../support/core-fixture';

/** A raw request, so that Host and Origin can be anything (fetch would not let us set Host). */
function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; contentType: string | undefined }>((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      resolve({ status: res.statusCode!, contentType: res.headers['content-type'] });
      res.destroy();
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('control server', () => {
  let t: TestCore;
  let origin: string;
  let host: string;
  beforeAll(async () => {
    t = await startTestCore();
    origin = t.core.urls.uiOrigin;
    host = new URL(origin).host;
  });
  afterAll(() => t.stop());

  const callWith = (headers: Record<string, string>) =>
    raw(`${origin}/rpc/status.get`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Host: host, ...headers },
      body: '{}',
    });
  const events = (query: string, headers: Record<string, string> = {}) =>
    raw(`${origin}/events${query}`, { headers: { Host: host, ...headers } });
  const auth = () => ({ Authorization: `Bearer ${t.token}` });

  it('answers a call with the token', async () => {
    expect((await callWith(auth())).status).toBe(200);
    expect((await t.call('status.get', {})).receivers.https).toBe(t.receiverUrl);
  });

  it('refuses calls with no token or a wrong one (401)', async () => {
    expect((await callWith({})).status).toBe(401);
    expect((await callWith({ Authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await callWith({ Authorization: `Bearer ${t.token}x` })).status).toBe(401);
  });

  it('refuses DNS-rebinding Host values (403)', async () => {
    for (const badHost of ['evil.example:80', `evil.example:${new URL(origin).port}`, '127.0.0.1', '127.0.0.1:1']) {
      expect((await callWith({ ...auth(), Host: badHost })).status, badHost).toBe(403);
      expect((await events(`?token=${t.token}`, { Host: badHost })).status, badHost).toBe(403);
    }
  });

  it('refuses foreign Origins, an IP origin and null (403)', async () => {
    const port = new URL(origin).port;
    const bad = ['http://evil.example', 'null', 'http://192.168.1.10', `http://127.0.0.1:${Number(port) + 1}`, `https://127.0.0.1:${port}`];
    for (const o of bad) {
      expect((await callWith({ ...auth(), Origin: o })).status, o).toBe(403);
      expect((await events(`?token=${t.token}`, { Origin: o })).status, o).toBe(403);
    }
    expect((await callWith({ ...auth(), Origin: origin })).status).toBe(200);
  });

  it('guards the event stream with the token too', async () => {
    expect((await events('')).status).toBe(401);
    expect((await events('?token=wrong')).status).toBe(401);
    const ok = await events(`?token=${t.token}`);
    expect(ok.status).toBe(200);
    expect(ok.contentType).toBe('text/event-stream');
  });

  it('validates call inputs against the contract', async () => {
    const res = await raw(`${origin}/rpc/deliveries.get`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Host: host, ...auth() },
      body: JSON.stringify({ id: 'one' }),
    });
    expect(res.status).toBe(400);
    const unknown = await raw(`${origin}/rpc/nope.nope`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Host: host, ...auth() },
      body: '{}',
    });
    expect(unknown.status).toBe(404);
  });
});
