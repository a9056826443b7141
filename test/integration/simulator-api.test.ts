import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorApi, type SimulatorApi, SimAccount, type SimPayoutOrder } from 'payout-simulator';
import { builtCli } from '../support/cli-process';

const token = 'test-api-token';
const now = new Date('2030-01-02T03:04:05.000Z');
const listPaths = ['/api/orders', '/api/products', '/api/transactions', '/api/campaigns', '/api/payout-orders', '/api/payouts'];

let api: SimulatorApi;
let secretsCreated: string[];
const sunk: SimPayoutOrder[] = [];

beforeAll(async () => {
  secretsCreated = [];
  const account = new SimAccount(token, null, (secret) => secretsCreated.push(secret));
  api = await startSimulatorApi({ account, seed: 1, now: () => now, sink: { orderCreated: (order) => void sunk.push(order) } });
});
afterAll(() => api.close());

function get(path: string, headers: Record<string, string> = { 'X-Api-Token': token }) {
  return fetch(`${api.url}${path}`, { headers });
}

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${api.url}${path}`, {
    method: 'POST',
    body,
    headers: { 'X-Api-Token': token, 'Content-Type': 'application/json', ...headers },
  });
}

function pageHeaders(res: Response) {
  return {
    current: res.headers.get('current-page'),
    items: res.headers.get('page-items'),
    count: res.headers.get('total-count'),
    pages: res.headers.get('total-pages'),
  };
}

function exactPaginationError(totalPages: number, page: string): string {
  return `{"message":"Pagination error: expected :page in 1..${totalPages}; got ${page}","status":"error"}`;
}

describe('the simulated API: pagination', () => {
  it('gives first, middle and last pages with the spec headers, the last one partial', async () => {
    const count = api.world.payouts().length;
    const pages = Math.ceil(count / 20);
    expect(count % 20).not.toBe(0);

    const first = await get('/api/payouts?limit=20');
    expect(first.status).toBe(200);
    expect(pageHeaders(first)).toEqual({ current: '1', items: '20', count: String(count), pages: String(pages) });
    expect(await first.json()).toEqual(api.world.payouts().slice(0, 20));

    const middle = await get(`/api/payouts?limit=20&page=${Math.floor(pages / 2)}`);
    expect(pageHeaders(middle)).toMatchObject({ current: String(Math.floor(pages / 2)), items: '20' });

    const last = await get(`/api/payouts?limit=20&page=${pages}`);
    const lastItems = (await last.json()) as unknown[];
    expect(lastItems).toHaveLength(count % 20);
    expect(pageHeaders(last)).toEqual({ current: String(pages), items: String(count % 20), count: String(count), pages: String(pages) });
  });

  it('answers page 0 and page total+1 with exactly the 400 body of the spec', async () => {
    for (const [page, expected] of [
      ['0', exactPaginationError(45, '0')],
      ['46', exactPaginationError(45, '46')],
    ] as const) {
      const res = await get(`/api/orders?page=${page}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.text()).toBe(expected);
    }
    expect((await get('/api/orders?page=45')).status).toBe(200);
    expect(await (await get('/api/orders?page=24&limit=20')).text()).toBe(exactPaginationError(23, '24'));
  });

  it('defaults to limit 10, serves 20 at most and clamps a larger limit to 20', async () => {
    const byDefault = await get('/api/products');
    expect(pageHeaders(byDefault)).toMatchObject({ current: '1', items: '10' });
    expect(await byDefault.json()).toHaveLength(10);
    const atMax = await get('/api/products?limit=20');
    const clamped = await get('/api/products?limit=1000');
    expect(pageHeaders(clamped)).toEqual(pageHeaders(atMax));
    expect(await clamped.json()).toEqual(await atMax.json());
  });

  it('refuses non-integer pages and limits and a limit below 1 with a JSON 400', async () => {
    for (const [query, message] of [
      ['page=two', 'Pagination error: expected :page to be an integer; got "two"'],
      ['page=1.0', 'Pagination error: expected :page to be an integer; got "1.0"'],
      ['limit=5.5', 'Pagination error: expected :limit to be an integer; got "5.5"'],
      ['limit=0', 'Pagination error: expected :limit in 1..20; got 0'],
    ]) {
      const res = await get(`/api/transactions?${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message, status: 'error' });
    }
  });

  it('serves every list endpoint with the four headers', async () => {
    for (const path of listPaths) {
      const res = await get(`${path}?page=2&limit=5`);
      expect(res.status, path).toBe(200);
      expect(pageHeaders(res)).toMatchObject({ current: '2', items: '5' });
      expect(Number(res.headers.get('total-count'))).toBeGreaterThanOrEqual(200);
    }
  });

  it('pages a campaign catalog; an empty one answers page 1 with [] and total-pages 0', async () => {
    const big = [...api.world.campaigns].sort((a, b) => b.catalog_size - a.catalog_size)[0]!;
    const res = await get(`/api/campaigns/${big.uuid}/catalog?page=2`);
    expect(pageHeaders(res)).toEqual({ current: '2', items: '10', count: String(big.catalog_size), pages: String(Math.ceil(big.catalog_size / 10)) });

    const empty = api.world.campaigns.find((c) => c.catalog_size === 0)!;
    const first = await get(`/api/campaigns/${empty.uuid}/catalog`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual([]);
    expect(pageHeaders(first)).toEqual({ current: '1', items: '0', count: '0', pages: '0' });
    const second = await get(`/api/campaigns/${empty.uuid}/catalog?page=2`);
    expect(second.status).toBe(400);
    expect(await second.text()).toBe(exactPaginationError(1, '2'));
  });

  it('answers 404 JSON for the catalog of an unknown campaign', async () => {
    const res = await get('/api/campaigns/00000000-0000-4000-8000-000000000000/catalog');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Campaign 00000000-0000-4000-8000-000000000000 not found', status: 'error' });
  });

  it('gives the same pages for the same seed and other pages for another', async () => {
    const twin = await startSimulatorApi({ account: new SimAccount(token), seed: 1 });
    const other = await startSimulatorApi({ account: new SimAccount(token), seed: 2 });
    try {
      const campaign = api.world.campaigns[0]!.uuid;
      for (const path of [...listPaths, `/api/campaigns/${campaign}/catalog`]) {
        const query = `${path}?page=3&limit=7`;
        const [mine, theirs] = await Promise.all([get(query), fetch(`${twin.url}${query}`, { headers: { 'X-Api-Token': token } })]);
        expect(await theirs.text(), path).toBe(await mine.text());
      }
      const [mine, others] = await Promise.all([get('/api/orders'), fetch(`${other.url}/api/orders`, { headers: { 'X-Api-Token': token } })]);
      expect(await others.text()).not.toBe(await mine.text());
    } finally {
      await Promise.all([twin.close(), other.close()]);
    }
  });
});

describe('the simulated API: auth, secret, errors', () => {
  const everyEndpoint = [...listPaths, '/api/campaigns/x/catalog', '/api/webhooks', '/api/nowhere'];

  it('answers 401 JSON to a missing or wrong X-Api-Token on every endpoint', async () => {
    for (const path of everyEndpoint) {
      for (const [headers, message] of [
        [{}, 'Missing X-Api-Token header'],
        [{ 'X-Api-Token': 'wrong' }, 'Invalid API token'],
        [{ 'X-Api-Token': `${token}x` }, 'Invalid API token'],
        [{ Authorization: `Bearer ${token}` }, 'Missing X-Api-Token header'],
      ] as const) {
        const res = await get(path, headers);
        expect(res.status, path).toBe(401);
        expect(await res.json()).toEqual({ message, status: 'error' });
      }
    }
    const unsigned = await fetch(`${api.url}/api/payout-orders`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(unsigned.status).toBe(401);
  });

  it('creates the signing secret on the first read and returns it unchanged after; never 404', async () => {
    expect(secretsCreated).toEqual([]);
    const first = await get('/api/webhooks');
    expect(first.status).toBe(200);
    const body = (await first.json()) as { webhooks: Array<{ signature: string }> };
    expect(body).toEqual({ webhooks: [{ signature: expect.stringMatching(/^whsec_[0-9a-f]{48}$/) }] });
    expect(secretsCreated).toEqual([body.webhooks[0]!.signature]);
    for (let i = 0; i < 3; i++) expect(await (await get('/api/webhooks')).json()).toEqual(body);
    expect(secretsCreated).toHaveLength(1);
  });

  it('serves a secret created before the first read (the one the dispatcher already signs with)', async () => {
    const account = new SimAccount(token);
    const signing = account.signingSecret();
    const other = await startSimulatorApi({ account });
    try {
      const res = await fetch(`${other.url}/api/webhooks`, { headers: { 'X-Api-Token': token } });
      expect(await res.json()).toEqual({ webhooks: [{ signature: signing }] });
    } finally {
      await other.close();
    }
  });

  it('answers an unknown path with 404 JSON and a wrong method with 405 JSON and Allow', async () => {
    const missing = await get('/api/orders/extra');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No route for /api/orders/extra', status: 'error' });
    const wrong = await post('/api/orders', '{}');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    expect(await wrong.json()).toMatchObject({ status: 'error' });
    const deleted = await fetch(`${api.url}/api/payout-orders`, { method: 'DELETE', headers: { 'X-Api-Token': token } });
    expect(deleted.status).toBe(405);
    expect(deleted.headers.get('allow')).toBe('GET, POST');
  });

  it('survives garbage on the socket and keeps answering', async () => {
    await new Promise<void>((done) => {
      const socket = connect(Number(new URL(api.url).port), '127.0.0.1', () => socket.end('NOT HTTP AT ALL\r\n\r\n'));
      socket.on('close', () => done());
      socket.on('error', () => done());
      socket.resume();
    });
    expect((await get('/api/orders')).status).toBe(200);
  });
});

describe('the simulated API: creating payout orders', () => {
  const activeCrypto = () => api.world.campaigns.find((c) => c.status === 'active' && c.payout_type === 'crypto')!;

  it('creates a valid order: 201, listed first in /api/payout-orders, its payouts in /api/payouts, handed to the sink', async () => {
    const campaign = activeCrypto();
    const before = api.world.payouts().length;
    const res = await post(
      '/api/payout-orders',
      JSON.stringify({
        campaign_id: campaign.uuid,
        wallet_currency: campaign.wallet_currency,
        callback_url: 'https://127.0.0.1:8443/hooks',
        recipients: [
          { email: 'a@example.com', name: 'A Person', amount: '2.5', scenario: 'crypto_failed' },
          { email: 'b@example.com', name: 'B Person', amount: '3' },
        ],
      }),
    );
    expect(res.status).toBe(201);
    const order = (await res.json()) as { uuid: string; recipients: Array<{ uuid: string; payout_uuid: string }> };
    expect(order).toMatchObject({
      campaign_id: campaign.uuid,
      payout_type: 'crypto',
      wallet_currency: campaign.wallet_currency,
      callback_url: 'https://127.0.0.1:8443/hooks',
      status: 'processing',
      recipients_count: 2,
      total_amount: '5.5',
      created_at: now.toISOString(),
      recipients: [
        { email: 'a@example.com', name: 'A Person', amount: '2.5', scenario: 'crypto_failed' },
        { email: 'b@example.com', name: 'B Person', amount: '3' },
      ],
    });

    const listed = (await (await get('/api/payout-orders')).json()) as unknown[];
    expect(listed[0]).toEqual(order);
    const payouts = await get('/api/payouts');
    expect(payouts.headers.get('total-count')).toBe(String(before + 2));
    const newest = ((await payouts.json()) as Array<{ uuid: string; payout_order_uuid: string; status: string }>).slice(0, 2);
    expect(newest.map((p) => p.uuid).sort()).toEqual(order.recipients.map((r) => r.payout_uuid).sort());
    expect(newest.every((p) => p.payout_order_uuid === order.uuid && p.status === 'pending')).toBe(true);

    const handed = sunk.find((o) => o.uuid === order.uuid)!;
    expect(handed).toMatchObject({ payout_type: 'crypto', callback_url: 'https://127.0.0.1:8443/hooks', created_at: now.toISOString() });
    expect(handed.recipients.map((r) => r.uuid)).toEqual(order.recipients.map((r) => r.uuid));
  });

  it('answers an invalid order with 422 and every field error', async () => {
    const campaign = activeCrypto();
    const res = await post(
      '/api/payout-orders',
      JSON.stringify({ campaign_id: campaign.uuid, wallet_currency: 'XYZ', callback_url: 'http://insecure.example/hook', recipients: [] }),
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: 'Invalid payout order: recipients must list at least one recipient (and 1 more)',
      status: 'error',
      errors: [
        { field: 'recipients', message: 'must list at least one recipient' },
        { field: 'callback_url', message: 'must be an absolute https: URL' },
      ],
    });
    const unknown = await post('/api/payout-orders', JSON.stringify({ campaign_id: 'nope', wallet_currency: 'USD', recipients: [{ email: 'a@example.com', name: 'A', amount: '1' }] }));
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({
      message: 'Invalid payout order: campaign_id no campaign has this id',
      status: 'error',
      errors: [{ field: 'campaign_id', message: 'no campaign has this id' }],
    });
  });

  it('refuses an order on a paused campaign with 422 and a campaign_id error, creating nothing', async () => {
    const paused = api.world.campaigns.find((c) => c.status === 'paused' && c.catalog_size > 0)!;
    expect(paused).toBeDefined();
    const ordersBefore = api.world.payoutOrders().length;
    const sunkBefore = sunk.length;
    const amount = paused.payout_type === 'crypto' ? '1' : 25;
    const res = await post(
      '/api/payout-orders',
      JSON.stringify({ campaign_id: paused.uuid, wallet_currency: paused.wallet_currency, recipients: [{ email: 'a@example.com', name: 'A', amount }] }),
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: 'Invalid payout order: campaign_id the campaign is paused; payout orders need an active campaign',
      status: 'error',
      errors: [{ field: 'campaign_id', message: 'the campaign is paused; payout orders need an active campaign' }],
    });
    expect(api.world.payoutOrders()).toHaveLength(ordersBefore);
    expect(sunk).toHaveLength(sunkBefore);
  });

  it('answers invalid JSON with 400, another content type with 415 and a body past the limit with 413', async () => {
    for (const body of ['{not json', '', '{"a":1']) {
      const res = await post('/api/payout-orders', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Request body is not valid JSON', status: 'error' });
    }
    const form = await post('/api/payout-orders', 'a=1', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ message: 'Content-Type must be application/json', status: 'error' });
    const huge = await post('/api/payout-orders', JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ status: 'error' });
    expect((await get('/api/orders')).status).toBe(200);
  });
});

describe('webhook-inspector simulate', () => {
  it.runIf(existsSync(builtCli))('prints its URL and generated token, serves the API and closes on SIGTERM', async () => {
    const child = spawn(process.execPath, [builtCli, 'simulate', '--port', '0', '--seed', '1', '--time-scale', '60'], { stdio: 'pipe' });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const lines: Record<string, string> = {};
    await new Promise<void>((ready, fail) => {
      let buffer = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        for (const match of buffer.matchAll(/^([^:\n]+):\s+(.*)$/gm)) lines[match[1]!] = match[2]!;
        if (lines.Seed) ready();
      });
      void exited.then((code) => fail(new Error(`simulate exited (${code}) before starting`)));
    });
    expect(lines['Simulator API']).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${lines['Simulator API']}/api/orders`, { headers: { 'X-Api-Token': lines['API token']! } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(await (await get('/api/orders')).text());
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
