import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallName } from '../../src/shared/contract';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { stopTestPostgres, storeLocation, testPostgres } from '../support/engines';
import { post } from '../support/https-client';
import type { TestPostgres } from '../support/postgres';
import { until } from '../support/until';

async function rawCall(t: TestCore, name: CallName, input: unknown): Promise<{ status: number; body: { error?: string } }> {
  const res = await fetch(`${t.core.urls.uiOrigin}/rpc/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${t.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: (await res.json()) as { error?: string } };
}

/** Calls that read the store, with inputs they take. */
const readers: Array<[CallName, unknown]> = [
  ['deliveries.list', { filter: {} }],
  ['deliveries.list', { filter: { path: '/webhooks', event: 'payout.completed' } }],
  ['deliveries.get', { id: 1 }],
  ['deliveries.facets', {}],
  ['lifecycles.list', {}],
  ['lifecycles.facets', {}],
  ['lifecycles.get', { key: 'order:x' }],
  ['orders.list', {}],
  ['orders.get', { orderUuid: '00000000-0000-4000-8000-000000000000' }],
  ['recipients.get', { recipientKey: 'email:a@example.com' }],
  ['duplicates.list', {}],
  ['replay.list', { deliveryId: 1 }],
  ['export.har', { selection: { deliveryIds: [1] } }],
];

describe('a PostgreSQL store that is down', () => {
  let cluster: TestPostgres;
  let t: TestCore;
  const password = 'db-password-never-shown';
  beforeAll(async () => {
    cluster = await testPostgres();
    // The test cluster trusts its clients: the password is carried, never checked.
    const url = (await storeLocation('postgresql'))!.replace('postgresql://inspector@', `postgresql://inspector:${password}@`);
    t = await startTestCore({ secret: testSecret, store: url });
    const body = giftCardBody();
    expect((await post(`${t.receiverUrl}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    await stopTestPostgres();
  });

  it('is a 503 on every control call that needs it, saying the database is unavailable, and on the receiver; all is back once it is', async () => {
    await cluster.halt();
    try {
      for (const [name, input] of readers) {
        const answer = await rawCall(t, name, input);
        expect({ name, ...answer }).toMatchObject({ name, status: 503, body: { error: expect.stringMatching(/^the database is unavailable: /) } });
        expect(JSON.stringify(answer.body)).not.toContain(password);
      }
      // Every call of the contract, with whatever input it takes: none answers 500.
      for (const name of Object.keys(calls) as CallName[]) {
        const answer = await rawCall(t, name, {});
        expect({ name, status: answer.status }).not.toEqual({ name, status: 500 });
        expect(JSON.stringify(answer.body)).not.toContain(password);
      }
      const body = giftCardBody();
      expect((await post(`${t.receiverUrl}/webhooks`, body, serviceHeaders(body))).status).toBe(503);
    } finally {
      await cluster.resume();
    }
    const body = giftCardBody();
    expect((await post(`${t.receiverUrl}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
    for (const [name, input] of readers) {
      const answer = await until(() => rawCall(t, name, input), (a) => a.status !== 503);
      expect({ name, status: answer.status }).toMatchObject({ name, status: expect.toSatisfy((s: number) => s === 200 || s === 404) });
    }
  }, 120_000);
});
