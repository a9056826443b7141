import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../support/core-fixture';

/** A raw request, so that Host and Origin can be anything (fetch would not let us set Host), or Host left out. */
function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: string; setHost?: boolean }) {
  return new Promise<{ status: number; contentType: string | undefined }>((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, setHost: options.setHost ?? true }, (res) => {
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
      expect((await events('', { ...auth(), Host: badHost })).status, badHost).toBe(403);
    }
  });

  it('refuses foreign Origins, an IP origin and null (403)', async () => {
    const port = new URL(origin).port;
    const bad = ['http://evil.example', 'null', 'http://192.168.1.10', `http://127.0.0.1:${Number(port) + 1}`, `https://127.0.0.1:${port}`];
    for (const o of bad) {
      expect((await callWith({ ...auth(), Origin: o })).status, o).toBe(403);
      expect((await events('', { ...auth(), Origin: o })).status, o).toBe(403);
    }
    expect((await callWith({ ...auth(), Origin: origin })).status).toBe(200);
  });

  it('guards the event stream with the token too, never taken from the URL', async () => {
    expect((await events('')).status).toBe(401);
    expect((await events('', { Authorization: 'Bearer wrong' })).status).toBe(401);
    // A token in the URL lands in access logs: refused even when it is the right one.
    expect((await events(`?token=${t.token}`)).status).toBe(401);
    const ok = await events('', auth());
    expect(ok.status).toBe(200);
    expect(ok.contentType).toBe('text/event-stream');
  });

  it('refuses names that resolve to 127.0.0.1 but are not its own (403), and a missing Host (400)', async () => {
    const port = new URL(origin).port;
    const rebound = [`127.0.0.1.nip.io:${port}`, `localhost.evil:${port}`, `evil.localhost:${port}`, `localhost:${port}.evil.example`, 'localhost', `localhost:${Number(port) + 1}`];
    for (const badHost of rebound) {
      expect((await callWith({ ...auth(), Host: badHost })).status, badHost).toBe(403);
      expect((await events('', { ...auth(), Host: badHost })).status, badHost).toBe(403);
    }
    const noHost = await raw(`${origin}/rpc/status.get`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...auth() },
      body: '{}',
      setHost: false,
    });
    // Node's HTTP server refuses an HTTP/1.1 request without Host before the guard sees it.
    expect(noHost.status).toBe(400);
    // Both of its own names are answered.
    expect((await callWith({ ...auth(), Host: `localhost:${port}`, Origin: `http://localhost:${port}` })).status).toBe(200);
  });

  it('refuses origins of rebound names, origins without the port, and anything but the exact origin (403)', async () => {
    const port = new URL(origin).port;
    const bad = [`http://127.0.0.1.nip.io:${port}`, `http://localhost.evil:${port}`, `http://evil.localhost:${port}`, 'http://localhost', 'http://127.0.0.1', `${origin}/`];
    for (const o of bad) {
      expect((await callWith({ ...auth(), Origin: o })).status, o).toBe(403);
      expect((await events('', { ...auth(), Origin: o })).status, o).toBe(403);
    }
  });

  it('refuses requests the browser marks as from another site, even with its own Origin (403)', async () => {
    for (const site of ['cross-site', 'same-site']) {
      expect((await callWith({ ...auth(), Origin: origin, 'Sec-Fetch-Site': site })).status, site).toBe(403);
      expect((await events('', { ...auth(), 'Sec-Fetch-Site': site })).status, site).toBe(403);
      // The UI itself is not served to other sites either (no framing, no reading it).
      expect((await raw(`${origin}/`, { headers: { Host: host, 'Sec-Fetch-Site': site } })).status, site).toBe(403);
    }
    for (const site of ['same-origin', 'none']) {
      expect((await callWith({ ...auth(), Origin: origin, 'Sec-Fetch-Site': site })).status, site).toBe(200);
    }
    expect((await raw(`${origin}/`, { headers: { Host: host, Origin: 'http://evil.example' } })).status).toBe(403);
  });

  it('takes the token for calls only as a Bearer header (401 otherwise)', async () => {
    const viaQuery = await raw(`${origin}/rpc/status.get?token=${t.token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Host: host },
      body: '{}',
    });
    expect(viaQuery.status).toBe(401);
    for (const authorization of [`bearer ${t.token}`, `Basic ${t.token}`, `Bearer  ${t.token}`, t.token, `Bearer ${t.token.slice(0, -1)}`]) {
      expect((await callWith({ Authorization: authorization })).status, authorization).toBe(401);
    }
    // The event stream takes it as a Bearer header (the UI's EventSource, which cannot set one, takes a ticket).
    expect((await events('', { Authorization: `Bearer ${t.token}` })).status).toBe(200);
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
