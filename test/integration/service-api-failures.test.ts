import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { personalEgress } from '../../src/main/core/outbound/egress-policy';
import { RateLimiter, ServiceApiClient, ServiceApiError, ServiceApiSession } from '../../src/main/core/service-api';
import type { FetchAllJob } from '../../src/shared/service-api';
import { until } from '../support/until';

const token = 'tok_misbehaving_service_test';

/** A service that answers as the test says: how a real one may fail where the simulator never does. */
async function startFakeService(answer: (req: IncomingMessage, res: ServerResponse, url: URL) => void) {
  const seenTokens: Array<string | undefined> = [];
  const server: Server = createServer((req, res) => {
    seenTokens.push(req.headers['x-api-token'] as string | undefined);
    answer(req, res, new URL(req.url ?? '/', 'http://fake.invalid'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  opened.push(close);
  return { url, seenTokens, close };
}

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((close) => close()));
});

function pageOf(url: URL, total: number, headers: Record<string, string> = {}) {
  const page = Number(url.searchParams.get('page'));
  const limit = Number(url.searchParams.get('limit'));
  const items = Array.from({ length: Math.max(0, Math.min(limit, total - (page - 1) * limit)) }, (_, i) => ({ n: (page - 1) * limit + i }));
  return {
    items,
    headers: {
      'Content-Type': 'application/json',
      'current-page': String(page),
      'page-items': String(items.length),
      'total-count': String(total),
      'total-pages': String(Math.ceil(total / limit)),
      ...headers,
    },
  };
}

function client(baseUrl: string, timeoutMs = 10_000) {
  return new ServiceApiClient({ access: () => ({ baseUrl, apiToken: token, egress: personalEgress() }), timeoutMs, limiter: new RateLimiter(1_000) });
}

async function rejection(promise: Promise<unknown>): Promise<ServiceApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceApiError)) throw new Error(`expected a ServiceApiError, got ${String(error)}`);
  expect(`${error.message} ${error.stack}`).not.toContain(token);
  return error;
}

describe('the service API client against a misbehaving service', () => {
  it('flags pagination headers that are missing or disagree with the items', async () => {
    const service = await startFakeService((_req, res, url) => {
      const { items, headers } = pageOf(url, 45, { 'page-items': '7', 'total-pages': '9' });
      delete (headers as Record<string, string>)['current-page'];
      res.writeHead(200, headers).end(JSON.stringify(items));
    });
    const page = await client(service.url).listPage({ endpoint: '/api/orders' }, 2, 10);
    expect(page.items).toHaveLength(10);
    expect(page.pagination).toEqual({ currentPage: null, pageItems: 7, totalCount: 45, totalPages: 9 });
    expect(page.headerProblems).toEqual([
      'current-page header is missing',
      'page-items is 7, but the body holds 10 items',
      'total-pages is 9, but total-count 45 at limit 10 makes 5',
    ]);
  });

  it('names the call and the status of a 5xx, a body that is not JSON, and a refused redirect', async () => {
    const service = await startFakeService((_req, res, url) => {
      if (url.pathname === '/api/orders') res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"message":"down for maintenance"}');
      else if (url.pathname === '/api/products') res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>login</html>');
      else if (url.pathname === '/api/payouts') res.writeHead(502, { 'Content-Type': 'text/html' }).end('<html>bad gateway</html>');
      else res.writeHead(302, { Location: 'http://elsewhere.invalid/steal' }).end();
    });
    const c = client(service.url);
    const down = await rejection(c.listPage({ endpoint: '/api/orders' }, 1, 10));
    expect([down.status, down.message]).toEqual([502, 'GET /api/orders?page=1&limit=10 answered 503: down for maintenance']);
    const html = await rejection(c.listPage({ endpoint: '/api/products' }, 1, 10));
    expect([html.status, html.message]).toEqual([502, 'GET /api/products?page=1&limit=10 answered 200 with a body that is not JSON (text/html)']);
    const gateway = await rejection(c.listPage({ endpoint: '/api/payouts' }, 1, 10));
    expect([gateway.status, gateway.message]).toEqual([502, 'GET /api/payouts?page=1&limit=10 answered 502: the body is not JSON']);
    const redirect = await rejection(c.signingSecret());
    expect([redirect.status, redirect.message]).toEqual([502, 'GET /api/webhooks answered 302: no message (redirects are not followed)']);
  });

  it('cuts the token out of a message that echoes it', async () => {
    const service = await startFakeService((_req, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: `token ${token} is revoked` }));
    });
    const error = await rejection(client(service.url).listPage({ endpoint: '/api/orders' }, 1, 10));
    expect(error.message).toBe('GET /api/orders?page=1&limit=10 answered 401: token [redacted] is revoked');
    expect(error.advice).toBe("The service refused the API token: enter the account's current API token in Settings → Service.");
    expect(service.seenTokens).toEqual([token]);
  });

  it('gives up after the timeout with a 504, and names an unreachable service', async () => {
    const silent = await startFakeService(() => {});
    const late = await rejection(client(silent.url, 200).listPage({ endpoint: '/api/orders' }, 1, 10));
    expect([late.status, late.message]).toEqual([504, 'GET /api/orders?page=1&limit=10 did not answer within 200 ms']);

    const gone = await startFakeService(() => {});
    await gone.close();
    const unreachable = await rejection(client(gone.url).listPage({ endpoint: '/api/orders' }, 1, 10));
    expect([unreachable.status, unreachable.message]).toEqual([502, 'GET /api/orders?page=1&limit=10: the service could not be reached (ECONNREFUSED)']);
  });

  it('reads no more than 4 MiB of an answer, and says so', async () => {
    let written = 0;
    const service = await startFakeService((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      // Far past the limit, in pieces, until the client stops reading (then the socket closes).
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (written < 64 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const error = await rejection(client(service.url).listPage({ endpoint: '/api/orders' }, 1, 10));
    expect([error.status, error.message]).toEqual([502, 'GET /api/orders?page=1&limit=10 answered 200 with a body larger than 4 MiB, not read further']);
    expect(error.advice).toMatch(/far larger than any page of the API/);
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });

  it('stops a fetch-all on an error and keeps the pages it read', async () => {
    const service = await startFakeService((_req, res, url) => {
      if (url.searchParams.get('page') === '3') return void res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"message":"boom"}');
      const { items, headers } = pageOf(url, 95);
      res.writeHead(200, headers).end(JSON.stringify(items));
    });
    const events: FetchAllJob[] = [];
    const session = new ServiceApiSession(() => ({ baseUrl: service.url, apiToken: token, egress: personalEgress() }), (job) => events.push(job), { requestsPerSecond: 1_000 });
    const { jobId } = session.startFetchAll({ endpoint: '/api/transactions' }, 20);
    const { job, items } = await until(
      () => Promise.resolve(session.fetchAll.items(jobId)),
      (r) => r.job.state !== 'running',
    );
    expect(job).toMatchObject({ state: 'failed', pagesDone: 2, totalPages: 5, itemCount: 40 });
    expect(job.error).toBe('GET /api/transactions?page=3&limit=20 answered 500: boom');
    expect(items).toEqual(Array.from({ length: 40 }, (_, n) => ({ n })));
    expect(events.map((e) => e.state)).toEqual(['running', 'running', 'failed']);
  });

  it('fails a fetch-all whose first page has no total-pages, keeping that page', async () => {
    const service = await startFakeService((_req, res, url) => {
      const { items, headers } = pageOf(url, 95);
      delete (headers as Record<string, string>)['total-pages'];
      res.writeHead(200, headers).end(JSON.stringify(items));
    });
    const session = new ServiceApiSession(() => ({ baseUrl: service.url, apiToken: token, egress: personalEgress() }), () => {}, { requestsPerSecond: 1_000 });
    const { jobId } = session.startFetchAll({ endpoint: '/api/orders' }, 20);
    const { job } = await until(
      () => Promise.resolve(session.fetchAll.items(jobId)),
      (r) => r.job.state !== 'running',
    );
    expect(job).toMatchObject({ state: 'failed', pagesDone: 1, itemCount: 20, totalPages: null });
    expect(job.error).toMatch(/no usable total-pages header/);
  });
});
