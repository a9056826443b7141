import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulatorApi, SimAccount } from 'payout-simulator';
import type { CoreOptions } from '../../src/main/core/core-options';
import type { CallInput, CallName } from '../../src/shared/contract';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { post } from '../support/https-client';
import { until } from '../support/until';
import { subscribe } from '../support/event-subscription';

/** The service API's calls through a whole core, its embedded simulator as the service. */

let t: TestCore | null = null;
afterEach(async () => {
  await t?.stop();
  t = null;
});

function start(simulator: CoreOptions['simulator'] = {}) {
  return startTestCore({ simulator, serviceApi: { requestsPerSecond: 200 } });
}

/** A call's HTTP status and body, for the calls expected to fail. */
async function failedCall<N extends CallName>(core: TestCore, name: N, input: CallInput<N>): Promise<{ status: number; error: string; advice?: string }> {
  const res = await fetch(`${core.core.urls.uiOrigin}/rpc/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${core.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { error: string; advice?: string };
  expect(res.ok, `${name} should fail`).toBe(false);
  return { status: res.status, error: body.error, ...(body.advice === undefined ? {} : { advice: body.advice }) };
}


describe('the service API calls of the core', () => {
  it('caches pages per UI session, refetches on refresh, and forgets them when the service changes', async () => {
    t = await start();
    const target = { endpoint: '/api/orders', page: 2, limit: 10, session: 'tab-a' } as const;
    const first = await t.call('api.listPage', target);
    expect(first).toMatchObject({ cached: false, ageMs: 0, page: 2, limit: 10, headerProblems: [] });
    expect(first.pagination.currentPage).toBe(2);
    const again = await t.call('api.listPage', target);
    expect(again).toEqual({ ...first, cached: true, ageMs: again.ageMs });
    expect(again.ageMs).toBeGreaterThanOrEqual(0);
    expect(await t.call('api.listPage', { ...target, limit: 20 })).toMatchObject({ cached: false });
    expect(await t.call('api.listPage', { ...target, refresh: true })).toMatchObject({ cached: false, items: first.items });
    expect(await t.call('api.listPage', target)).toMatchObject({ cached: true });

    // Another page load of the UI is never served what this one read.
    const otherTab = await t.call('api.listPage', { ...target, session: 'tab-b' });
    expect(otherTab).toMatchObject({ cached: false, ageMs: 0, items: first.items });
    expect(otherTab.fetchedAt > first.fetchedAt).toBe(true);
    expect(await t.call('api.listPage', { ...target, session: 'tab-b' })).toMatchObject({ cached: true, fetchedAt: otherTab.fetchedAt });

    await t.call('settings.setService', { connection: { mode: 'simulator' } });
    expect(await t.call('api.listPage', target)).toMatchObject({ cached: false, items: first.items });
  });

  it('serves a cached page only for its time to live, then reads it again', async () => {
    t = await startTestCore({ simulator: {}, serviceApi: { requestsPerSecond: 200, pageTtlMs: 1_500 } });
    const target = { endpoint: '/api/campaigns', session: 'tab' } as const;
    const first = await t.call('api.listPage', target);
    expect(await t.call('api.listPage', target)).toMatchObject({ cached: true, fetchedAt: first.fetchedAt });
    const expired = await until(
      () => t!.call('api.listPage', target),
      (page) => !page.cached,
      10_000,
    );
    expect(expired).toMatchObject({ cached: false, ageMs: 0, items: first.items });
    expect(expired.fetchedAt > first.fetchedAt).toBe(true);
  });

  it('drops the cached pages a payout order changes, in every UI session, when the inspector creates one', async () => {
    t = await start();
    const campaign = (await t.call('api.listPage', { endpoint: '/api/campaigns', limit: 20 })).items.find(
      (c): c is { uuid: string; status: string; payout_type: string; wallet_currency: string } =>
        (c as { status: string; payout_type: string }).status === 'active' && (c as { payout_type: string }).payout_type === 'gift_cards',
    )!;
    const lists = [
      { endpoint: '/api/payout-orders', session: 'tab-a' },
      { endpoint: '/api/payouts', session: 'tab-b' },
      { endpoint: '/api/campaigns', session: 'tab-a' },
    ] as const;
    for (const list of lists) {
      await t.call('api.listPage', list);
      expect(await t.call('api.listPage', list)).toMatchObject({ cached: true });
    }

    const created = await t.call('api.createPayoutOrder', {
      campaign_id: campaign.uuid,
      wallet_currency: campaign.wallet_currency,
      recipients: [{ email: 'a@example.com', name: 'A Person', amount: 25 }],
    });
    expect(created.status).toBe(201);
    const orders = await t.call('api.listPage', lists[0]);
    expect(orders.cached).toBe(false);
    expect((orders.items as Array<{ uuid: string }>)[0]!.uuid).toBe(created.orderUuid);
    const payouts = await t.call('api.listPage', lists[1]);
    expect(payouts.cached).toBe(false);
    expect((payouts.items as Array<{ payout_order_uuid: string }>).some((p) => p.payout_order_uuid === created.orderUuid)).toBe(true);
    // A campaign's records do not change with an order.
    expect(await t.call('api.listPage', lists[2])).toMatchObject({ cached: true });

    // The simulator's demo orders too.
    expect(await t.call('api.listPage', lists[0])).toMatchObject({ cached: true });
    const demo = await t.call('simulator.createDemoOrder', {});
    const afterDemo = await t.call('api.listPage', lists[0]);
    expect(afterDemo.cached).toBe(false);
    expect((afterDemo.items as Array<{ uuid: string }>).map((o) => o.uuid)).toContain(demo.orders.at(-1)!.uuid);
  });

  it('fetches all pages with one api.fetchAll event per page, then serves the records', async () => {
    t = await start();
    const { pagination } = await t.call('api.listPage', { endpoint: '/api/payouts', limit: 20 });
    const events = await subscribe(t, 'api.fetchAll');
    const job = await t.call('api.fetchAll.start', { endpoint: '/api/payouts', limit: 20 });
    const done = await until(
      () => t!.call('api.fetchAll.items', { jobId: job.jobId }),
      (r) => r.job.state !== 'running',
    );
    expect(done.job).toMatchObject({ state: 'done', pagesDone: pagination.totalPages, itemCount: pagination.totalCount });
    expect(done.items).toHaveLength(pagination.totalCount!);
    const mine = await until(
      () => Promise.resolve(events.received.filter((e) => e.jobId === job.jobId)),
      (e) => e.length >= pagination.totalPages!,
    );
    events.stop();
    expect(mine.map((e) => e.pagesDone)).toEqual(Array.from({ length: pagination.totalPages! }, (_, i) => i + 1));
    expect(mine.at(-1)!.state).toBe('done');
    expect(await t.call('api.fetchAll.cancel', { jobId: job.jobId })).toMatchObject({ state: 'done' });
  });

  it('stores the signing secret of GET /api/webhooks and re-verifies: a mismatching delivery becomes valid', async () => {
    const serviceSecret = 'whsec_the_service_secret';
    const service = await startSimulatorApi({ account: new SimAccount('tok_service', serviceSecret) });
    try {
      t = await start(false);
      await t.call('settings.setSecret', { secret: 'whsec_not_the_service_secret' });
      await t.call('settings.setService', { connection: { mode: 'service', baseUrl: service.url }, apiToken: 'tok_service' });
      const body = giftCardBody();
      const answer = await post(t.receiverUrl, body, serviceHeaders(body, serviceSecret));
      const id = Number(answer.headers['x-inspector-delivery-id']);
      expect((await t.call('deliveries.get', { id })).signature).toBe('invalid');

      expect(await t.call('api.fetchSigningSecret', {})).toEqual({ reverified: 1 });
      expect((await t.call('deliveries.get', { id })).signature).toBe('valid');
      expect((await t.call('status.get', {})).secret).toMatchObject({ set: true, storage: 'file' });
    } finally {
      await service.close();
    }
  });

  it('creates a payout order, and refuses a non-https callback or a catalog without a campaign with a 400', async () => {
    t = await start();
    const campaigns = await t.call('api.listPage', { endpoint: '/api/campaigns', limit: 20 });
    const campaign = (campaigns.items as Array<{ uuid: string; status: string; payout_type: string; wallet_currency: string }>).find(
      (c) => c.status === 'active' && c.payout_type === 'gift_cards',
    )!;
    const request = {
      campaign_id: campaign.uuid,
      wallet_currency: campaign.wallet_currency,
      recipients: [{ email: 'a@example.com', name: 'A Person', amount: 25 }],
    };
    const refused = await failedCall(t, 'api.createPayoutOrder', { ...request, callback_url: 'http://example.test/hook' });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatch(/callback_url must be an https: URL/);

    const created = await t.call('api.createPayoutOrder', { ...request, callback_url: `${t.receiverUrl}/webhooks/api-test` });
    expect(created.status).toBe(201);
    const orders = await t.call('api.listPage', { endpoint: '/api/payout-orders', refresh: true });
    expect((orders.items as Array<{ uuid: string }>).map((o) => o.uuid)).toContain(created.orderUuid);

    expect(await failedCall(t, 'api.listPage', { endpoint: '/api/campaigns/:id/catalog' })).toMatchObject({ status: 400 });
    expect(await failedCall(t, 'api.fetchAll.start', { endpoint: '/api/campaigns/:id/catalog' })).toMatchObject({ status: 400 });
    const catalog = await t.call('api.listPage', { endpoint: '/api/campaigns/:id/catalog', campaignId: campaign.uuid });
    expect(catalog.headerProblems).toEqual([]);
    expect(await failedCall(t, 'api.fetchAll.items', { jobId: 'no-such-job' })).toMatchObject({ status: 404 });
  });

  it('sends a limit outside 1..20 as asked and answers with what the service did with it', async () => {
    t = await start();
    const wide = await t.call('api.listPage', { endpoint: '/api/payout-orders', limit: 50 });
    expect(wide).toMatchObject({ request: 'GET /api/payout-orders?page=1&limit=50', limit: 50, pagination: { currentPage: 1, pageItems: 20 } });
    expect(wide.items).toHaveLength(20);
    expect(wide.headerProblems[0]).toBe(
      `limit 50 is outside the spec's 1..20 (spec 8); the service answered it with page-items 20 and total-pages ${wide.pagination.totalPages}`,
    );
    expect(await failedCall(t, 'api.listPage', { endpoint: '/api/payout-orders', limit: 0 })).toEqual({
      status: 400,
      error: 'GET /api/payout-orders?page=1&limit=0 answered 400: Pagination error: expected :limit in 1..20; got 0',
    });
  });

  it('answers 400 with the service message past the last page', async () => {
    t = await start();
    const { pagination } = await t.call('api.listPage', { endpoint: '/api/products' });
    const past = pagination.totalPages! + 1;
    expect(await failedCall(t, 'api.listPage', { endpoint: '/api/products', page: past })).toEqual({
      status: 400,
      error: `GET /api/products?page=${past}&limit=10 answered 400: Pagination error: expected :page in 1..${pagination.totalPages}; got ${past}`,
    });
  });
});

describe('the service API calls with a real service configured', () => {
  it('answers 409 without a token, uses WEBHOOK_INSPECTOR_API_TOKEN, and a wrong token gives a 502 that hides it', async () => {
    const serviceToken = 'tok_the_real_service_token';
    const service = await startSimulatorApi({ account: new SimAccount(serviceToken) });
    try {
      t = await start(false);
      expect((await failedCall(t, 'api.listPage', { endpoint: '/api/orders' })).status).toBe(409);
      await t.call('settings.setService', { connection: { mode: 'service', baseUrl: service.url } });
      expect((await failedCall(t, 'api.fetchAll.start', { endpoint: '/api/orders' })).status).toBe(409);

      process.env.WEBHOOK_INSPECTOR_API_TOKEN = serviceToken;
      expect((await t.call('status.get', {})).service.apiTokenSet).toBe(true);
      expect((await t.call('api.listPage', { endpoint: '/api/orders' })).headerProblems).toEqual([]);
      delete process.env.WEBHOOK_INSPECTOR_API_TOKEN;

      const wrong = 'tok_a_wrong_token_never_to_be_shown';
      await t.call('settings.setService', { connection: { mode: 'service', baseUrl: service.url }, apiToken: wrong });
      const failed = await failedCall(t, 'api.listPage', { endpoint: '/api/orders' });
      expect(failed).toEqual({
        status: 502,
        error: 'GET /api/orders?page=1&limit=10 answered 401: Invalid API token',
        advice: "The service refused the API token: enter the account's current API token in Settings → Service.",
      });
      expect(JSON.stringify(await t.call('status.get', {}))).not.toContain(wrong);
    } finally {
      delete process.env.WEBHOOK_INSPECTOR_API_TOKEN;
      await service.close();
    }
  });
});

describe('failed calls to a real service say what to do next, the detail kept below', () => {
  const serviceToken = 'tok_advice_test_token_never_shown';

  async function listOrdersAt(baseUrl: string): Promise<{ status: number; error: string; advice?: string }> {
    await t!.call('settings.setService', { connection: { mode: 'service', baseUrl }, apiToken: serviceToken });
    const failed = await failedCall(t!, 'api.listPage', { endpoint: '/api/orders' });
    expect(JSON.stringify(failed)).not.toContain(serviceToken);
    return failed;
  }

  async function plainHttpServer(answer: (res: ServerResponse) => void): Promise<{ port: number; close: () => Promise<void> }> {
    const server = createServer((_req, res) => answer(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      port: (server.address() as AddressInfo).port,
      close: () => new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    };
  }

  it('names the next step for a refused connection, an unknown host, an untrusted certificate, plain HTTP, a timeout and a 403', async () => {
    t = await startTestCore({ simulator: false, serviceApi: { requestsPerSecond: 200, timeoutMs: 500 } });
    const gone = await plainHttpServer(() => {});
    await gone.close();
    expect(await listOrdersAt(`https://127.0.0.1:${gone.port}`)).toEqual({
      status: 502,
      error: 'GET /api/orders?page=1&limit=10: the service could not be reached (ECONNREFUSED)',
      advice: "Nothing accepts connections at the service's address: check the host and port of the base URL in Settings → Service, and that the service is running.",
    });

    const unknown = await listOrdersAt('https://no-such-host.invalid');
    expect(unknown.error).toMatch(/could not be reached \((ENOTFOUND|EAI_AGAIN)\)$/);
    expect(unknown.advice).toBe("The service's host name could not be found: check the base URL in Settings → Service for a typo, and this machine's network and DNS.");

    // The receiver's own certificate is self-signed.
    const untrusted = await listOrdersAt(t.receiverUrl);
    expect(untrusted.error).toMatch(/could not be reached \([A-Z_]*CERT[A-Z_]*\)$/);
    expect(untrusted.advice).toMatch(/^The service's TLS certificate was not accepted: check that the base URL in Settings → Service names/);

    const plain = await plainHttpServer((res) => res.end('[]'));
    try {
      const wrongScheme = await listOrdersAt(`https://127.0.0.1:${plain.port}`);
      expect(wrongScheme.error).toMatch(/could not be reached \((ERR_SSL_[A-Z_]+|EPROTO)\)$/);
      expect(wrongScheme.advice).toMatch(/^The service's address does not answer in HTTPS: if it serves plain HTTP, the base URL in Settings → Service should start with http:/);
    } finally {
      await plain.close();
    }

    const silent = await plainHttpServer(() => {});
    const forbidding = await plainHttpServer((res) => res.writeHead(403, { 'Content-Type': 'application/json' }).end('{"message":"Forbidden","status":"error"}'));
    try {
      expect(await listOrdersAt(`http://127.0.0.1:${silent.port}`)).toEqual({
        status: 504,
        error: 'GET /api/orders?page=1&limit=10 did not answer within 500 ms',
        advice: 'The service did not answer in time: it may be slow or down, or the base URL in Settings → Service points at something that never answers; check it, then try again.',
      });
      expect(await listOrdersAt(`http://127.0.0.1:${forbidding.port}`)).toEqual({
        status: 502,
        error: 'GET /api/orders?page=1&limit=10 answered 403: Forbidden',
        advice: "The API token is not allowed this call: check its permissions with the service's account, or enter another token in Settings → Service.",
      });
      // A fetch-all stopped by the same failure carries the same advice.
      const job = await t.call('api.fetchAll.start', { endpoint: '/api/orders' });
      const stopped = await until(
        () => t!.call('api.fetchAll.items', { jobId: job.jobId }),
        (r) => r.job.state !== 'running',
      );
      expect(stopped.job).toMatchObject({ state: 'failed', error: 'GET /api/orders?page=1&limit=20 answered 403: Forbidden' });
      expect(stopped.job.advice).toMatch(/^The API token is not allowed this call/);
    } finally {
      await Promise.all([silent.close(), forbidding.close()]);
    }
  });
});
