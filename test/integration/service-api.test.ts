import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalEgress } from '../../src/main/core/outbound/egress-policy';
import { RateLimiter, ServiceApiClient, ServiceApiError, ServiceApiSession } from '../../src/main/core/service-api';
import { startSimulatorApi, type SimulatorApi, SimAccount, type SimPayoutOrder } from 'payout-simulator';
import { listEndpoints, type FetchAllJob, type ListTarget } from '../../src/shared/service-api';

const token = 'tok_service_api_client_test';
let api: SimulatorApi;
let client: ServiceApiClient;
const sunk: SimPayoutOrder[] = [];

beforeAll(async () => {
  api = await startSimulatorApi({ account: new SimAccount(token), seed: 1, sink: { orderCreated: (order) => void sunk.push(order) } });
  client = clientWith(token);
});
afterAll(() => api.close());

function clientWith(apiToken: string): ServiceApiClient {
  return new ServiceApiClient({ access: () => ({ baseUrl: api.url, apiToken, egress: personalEgress() }), limiter: new RateLimiter(1_000) });
}

async function rejection(promise: Promise<unknown>): Promise<ServiceApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceApiError)) throw new Error(`expected a ServiceApiError, got ${String(error)}`);
  return error;
}

function expectedRecords(target: ListTarget): readonly unknown[] {
  const { world } = api;
  const byEndpoint = {
    '/api/orders': world.orders,
    '/api/products': world.products,
    '/api/transactions': world.transactions,
    '/api/campaigns': world.campaigns,
    '/api/campaigns/:id/catalog': world.catalog(target.campaignId ?? '') ?? [],
    '/api/payout-orders': world.payoutOrders(),
    '/api/payouts': world.payouts(),
  };
  return byEndpoint[target.endpoint];
}

describe('the service API client against the simulator', () => {
  it('reads the first page of every endpoint, its headers parsed and consistent', async () => {
    for (const endpoint of listEndpoints) {
      const target: ListTarget = endpoint === '/api/campaigns/:id/catalog' ? { endpoint, campaignId: api.world.campaigns[0]!.uuid } : { endpoint };
      const records = expectedRecords(target);
      const page = await client.listPage(target, 1, 10);
      expect(page.headerProblems, endpoint).toEqual([]);
      expect(page.items, endpoint).toEqual(JSON.parse(JSON.stringify(records.slice(0, 10))));
      expect(page.items.length, endpoint).toBeGreaterThan(0);
      expect(page.pagination, endpoint).toEqual({
        currentPage: 1,
        pageItems: page.items.length,
        totalCount: records.length,
        totalPages: Math.ceil(records.length / 10),
      });
      expect({ page: page.page, limit: page.limit, cached: page.cached }).toEqual({ page: 1, limit: 10, cached: false });
    }
  });

  it('reads the last page, and shows the exact 400 message past it', async () => {
    const pages = Math.ceil(api.world.orders.length / 10);
    const last = await client.listPage({ endpoint: '/api/orders' }, pages, 10);
    expect(last.headerProblems).toEqual([]);
    expect(last.pagination.currentPage).toBe(pages);

    const error = await rejection(client.listPage({ endpoint: '/api/orders' }, pages + 1, 10));
    expect({ status: error.status, upstreamStatus: error.upstreamStatus }).toEqual({ status: 400, upstreamStatus: 400 });
    expect(error.message).toBe(`GET /api/orders?page=${pages + 1}&limit=10 answered 400: Pagination error: expected :page in 1..${pages}; got ${pages + 1}`);
  });

  it('keeps page from 1 without asking the service, and sends a limit outside 1..20 to show how the service takes it', async () => {
    expect((await rejection(client.listPage({ endpoint: '/api/orders' }, 0, 10))).status).toBe(400);

    const wide = await client.listPage({ endpoint: '/api/orders' }, 1, 21);
    expect(wide.request).toBe('GET /api/orders?page=1&limit=21');
    expect(wide.items).toHaveLength(20);
    expect(wide.pagination).toMatchObject({ pageItems: 20, totalPages: Math.ceil(api.world.orders.length / 20) });
    expect(wide.headerProblems).toEqual([
      `limit 21 is outside the spec's 1..20 (spec 8); the service answered it with page-items 20 and total-pages ${Math.ceil(api.world.orders.length / 20)}`,
    ]);

    const none = await rejection(client.listPage({ endpoint: '/api/orders' }, 1, 0));
    expect([none.status, none.message]).toEqual([400, 'GET /api/orders?page=1&limit=0 answered 400: Pagination error: expected :limit in 1..20; got 0']);
  });

  it('turns a wrong token into a 401 error that names the call and never the token', async () => {
    const wrong = 'tok_wrong_value_that_must_not_leak';
    const error = await rejection(clientWith(wrong).listPage({ endpoint: '/api/payouts' }, 1, 10));
    expect({ status: error.status, upstreamStatus: error.upstreamStatus }).toEqual({ status: 502, upstreamStatus: 401 });
    expect(error.message).toBe('GET /api/payouts?page=1&limit=10 answered 401: Invalid API token');
    expect(error.advice).toMatch(/^The service refused the API token: .* in Settings → Service\.$/);
    for (const text of [error.message, error.advice ?? '', String(error), error.stack ?? '', inspect(error), JSON.stringify(error)]) {
      expect(text).not.toContain(wrong);
      expect(text).not.toContain(token);
    }
  });

  it("passes on the service's 404 for an unknown campaign, and needs a campaign for the catalog", async () => {
    const error = await rejection(client.listPage({ endpoint: '/api/campaigns/:id/catalog', campaignId: 'no-such-campaign' }, 1, 10));
    expect(error.status).toBe(404);
    expect(error.message).toBe('GET /api/campaigns/no-such-campaign/catalog?page=1&limit=10 answered 404: Campaign no-such-campaign not found');
    expect((await rejection(client.listPage({ endpoint: '/api/campaigns/:id/catalog' }, 1, 10))).message).toMatch(/needs a campaignId/);
  });

  it('reads the signing secret of GET /api/webhooks', async () => {
    const secret = await client.signingSecret();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).toBe(await webhookSecret());
  });

  it('refuses a non-https callback before sending, and returns 4xx and 201 answers as the service gave them', async () => {
    const campaign = api.world.campaigns.find((c) => c.status === 'active')!;
    const request = {
      campaign_id: campaign.uuid,
      wallet_currency: campaign.wallet_currency,
      recipients: [{ email: 'a@example.com', name: 'A Person', amount: campaign.payout_type === 'crypto' ? '1.5' : 25 }],
    };
    const sunkBefore = sunk.length;
    const refused = await rejection(client.createPayoutOrder({ ...request, callback_url: 'http://127.0.0.1:8080/hooks' }));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/callback_url must be an https: URL.*the order was not sent/);
    expect(sunk).toHaveLength(sunkBefore);

    const invalid = await client.createPayoutOrder({ ...request, wallet_currency: 'XXX' });
    expect(invalid).toMatchObject({ status: 422, orderUuid: null, body: { status: 'error', errors: [{ field: 'wallet_currency' }] } });

    const created = await client.createPayoutOrder({ ...request, callback_url: 'https://127.0.0.1:8443/hooks' });
    expect(created.status).toBe(201);
    expect(created.orderUuid).toBe(sunk.at(-1)!.uuid);
    expect(created.body).toMatchObject({ uuid: created.orderUuid, campaign_id: campaign.uuid });
  });
});

async function webhookSecret(): Promise<string> {
  const res = await fetch(`${api.url}/api/webhooks`, { headers: { 'X-Api-Token': token } });
  return ((await res.json()) as { webhooks: Array<{ signature: string }> }).webhooks[0]!.signature;
}

describe('fetch-all against the simulator', () => {
  function session(onEvent: (job: FetchAllJob, session: ServiceApiSession) => void = () => {}) {
    const events: FetchAllJob[] = [];
    const s: ServiceApiSession = new ServiceApiSession(
      () => ({ baseUrl: api.url, apiToken: token, egress: personalEgress() }),
      (job) => {
        events.push(job);
        onEvent(job, s);
      },
      { requestsPerSecond: 1_000 },
    );
    const finished = () => new Promise<FetchAllJob>((resolve) => {
      const check = () => (events.at(-1) && events.at(-1)!.state !== 'running' ? resolve(events.at(-1)!) : setTimeout(check, 10));
      check();
    });
    return { s, events, finished };
  }

  it('walks every page in order, one progress event per page, and gets every record', async () => {
    const { s, events, finished } = session();
    const records = api.world.payouts();
    const totalPages = Math.ceil(records.length / 20);
    expect(totalPages).toBeGreaterThan(5);
    const started = s.startFetchAll({ endpoint: '/api/payouts' }, 20);
    expect(started).toMatchObject({ state: 'running', pagesDone: 0, itemCount: 0 });
    const job = await finished();

    expect(job).toMatchObject({ jobId: started.jobId, state: 'done', pagesDone: totalPages, totalPages, itemCount: records.length, error: null });
    expect(events.map((e) => e.pagesDone)).toEqual(Array.from({ length: totalPages }, (_, i) => i + 1));
    expect(events.map((e) => e.state)).toEqual([...Array<string>(totalPages - 1).fill('running'), 'done']);
    expect(s.fetchAll.items(started.jobId).items).toEqual(JSON.parse(JSON.stringify(records)));
  });

  it('stops when canceled and keeps the pages it read', async () => {
    const { s, events, finished } = session((job, own) => {
      if (job.state === 'running' && job.pagesDone === 2) own.fetchAll.cancel(job.jobId);
    });
    const started = s.startFetchAll({ endpoint: '/api/orders' }, 10);
    const job = await finished();
    expect(job).toMatchObject({ state: 'canceled', pagesDone: 2, itemCount: 20, error: null });
    // A later call gives any page still in flight the time to (wrongly) land.
    await client.listPage({ endpoint: '/api/orders' }, 1, 10);
    expect(events.map((e) => [e.pagesDone, e.state])).toEqual([[1, 'running'], [2, 'running'], [2, 'canceled']]);
    const { items } = s.fetchAll.items(started.jobId);
    expect(items).toEqual(JSON.parse(JSON.stringify(api.world.orders.slice(0, 20))));
    expect(s.fetchAll.cancel(started.jobId).state).toBe('canceled');
  });
});
