import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CallName } from '../../src/shared/contract';
import { BadStoreInput } from '../../src/main/core/store/common/store-errors';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { describeEachEngine, openTestStore, storeLocation, testPostgres } from '../support/engines';
import { receive } from '../support/transfers';
import { until } from '../support/until';

/** A call as the UI makes it, its status and answer kept whatever they are. */
async function rawCall(t: TestCore, name: CallName, input: unknown): Promise<{ status: number; body: { error?: string; issues?: string[] } }> {
  const res = await fetch(`${t.core.urls.uiOrigin}/rpc/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${t.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: (await res.json()) as { error?: string; issues?: string[] } };
}

const nul = 'a\0b';
const longPattern = 'x'.repeat(200_000);

describeEachEngine('bad filter, key and cursor input is a 400 that says what is wrong', (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore({ secret: testSecret, store: await storeLocation(engine) });
    // A JSON body and a non-JSON one: a text filter is tried on each (LIKE on the first, instr on the other).
    const body = giftCardBody();
    await receive(t, body, serviceHeaders(body));
    await receive(t, Buffer.from('not json, with a NUL \0 byte'), { 'Content-Type': 'application/octet-stream' });
  }, 120_000);
  afterAll(() => t?.stop());

  const refused: Array<[string, CallName, unknown, string]> = [
    ['a NUL in a path filter', 'deliveries.list', { filter: { path: nul } }, 'filter.path: must not contain a NUL byte'],
    ['a NUL in an event filter', 'deliveries.list', { filter: { event: nul } }, 'filter.event: must not contain a NUL byte'],
    ['a 200,000-character text filter', 'deliveries.list', { filter: { text: longPattern } }, 'filter.text: at most 10,000 characters'],
    ['a 200,000-character search', 'deliveries.search.start', { filter: { text: longPattern } }, 'filter.text: at most 10,000 characters'],
    ['a NUL in a selection by lifecycle', 'export.har', { selection: { lifecycleKey: nul } }, 'selection'],
    ['a NUL in a selection by idempotency key', 'export.har', { selection: { idempotencyKey: nul } }, 'selection'],
    ['a NUL in a lifecycle filter', 'lifecycles.list', { filter: { orderUuid: nul } }, 'filter.orderUuid: must not contain a NUL byte'],
    ['a NUL in a lifecycle key', 'lifecycles.get', { key: nul }, 'key: must not contain a NUL byte'],
    ['a NUL in a recipient key', 'recipients.get', { recipientKey: nul }, 'recipientKey: must not contain a NUL byte'],
    ['a NUL in an order UUID', 'orders.get', { orderUuid: nul }, 'orderUuid: must not contain a NUL byte'],
    ['a 3,000-character order UUID', 'orders.get', { orderUuid: 'o'.repeat(3000) }, 'orderUuid: at most 2048 characters'],
    ['an id past 2^53', 'deliveries.get', { id: 1e20 }, 'id:'],
    ['a cursor past 2^53', 'deliveries.list', { beforeId: 2 ** 63 }, 'beforeId:'],
    ['a lifecycle cursor past 2^53', 'lifecycles.list', { beforeLastDeliveryId: 1e20 }, 'beforeLastDeliveryId:'],
    ['a duplicate cursor past 2^53', 'duplicates.list', { beforeLastId: 1e20 }, 'beforeLastId:'],
  ];
  it.each(refused)('%s', async (_what, call, input, issue) => {
    const answer = await rawCall(t, call, input);
    expect(answer.status).toBe(400);
    expect(answer.body.issues?.join('\n')).toContain(issue);
  });

  const answered: Array<[string, CallName, unknown]> = [
    ['the largest id', 'deliveries.list', { beforeId: Number.MAX_SAFE_INTEGER }],
    ['the smallest id', 'deliveries.list', { afterId: -Number.MAX_SAFE_INTEGER }],
    ['the largest lifecycle cursor', 'lifecycles.list', { beforeLastDeliveryId: Number.MAX_SAFE_INTEGER }],
    ['the largest duplicate cursor', 'duplicates.list', { beforeLastId: Number.MAX_SAFE_INTEGER }],
    // Escaped, 10,000 of LIKE's wildcards make a pattern of 20,002 bytes, and 10,000 three-byte characters 30,002.
    ['a 10,000-wildcard text filter', 'deliveries.list', { filter: { text: '%'.repeat(10_000) } }],
    ['a 10,000-character text filter of three-byte characters', 'deliveries.list', { filter: { text: '€'.repeat(10_000) } }],
    ['a text filter with a NUL (a body may hold one)', 'deliveries.list', { filter: { text: 'NUL \0 byte' } }],
  ];
  it.each(answered)('%s is answered', async (_what, call, input) => {
    const answer = await rawCall(t, call, input);
    expect(answer).toMatchObject({ status: 200 });
  });

  it('a 10,000-character search runs to its end without an error', async () => {
    const started = await rawCall(t, 'deliveries.search.start', { filter: { text: '%_'.repeat(5000) } });
    expect(started.status).toBe(200);
    const jobId = (started.body as { jobId: string }).jobId;
    const done = await until(
      () => t.call('deliveries.search.page', { jobId, waitMs: 1000 }),
      (page) => page.job.state !== 'running',
    );
    expect(done.job).toMatchObject({ state: 'done', error: null, found: 0 });
  });

  it('a text search with a NUL finds the body that holds it', async () => {
    const list = await t.call('deliveries.list', { filter: { text: 'NUL \0 byte' } });
    expect(list.items).toHaveLength(1);
  });

  it('the store itself turns a value its engine refuses into a 400 error, never the driver’s', async () => {
    const store = await openTestStore(engine, engine === 'postgresql' ? await (await testPostgres()).createDatabase('bad_values') : undefined);
    try {
      const listed = store.listDeliveries({ filter: { path: nul }, limit: 10 }).then(
        () => null,
        (error: unknown) => error,
      );
      // SQLite compares a NUL like any other character (no path matches); PostgreSQL's text refuses it.
      if (engine === 'sqlite') expect(await listed).toBeNull();
      else expect(await listed).toMatchObject({ status: 400, message: expect.stringContaining('the database cannot take a value of this call') });
      if (engine === 'postgresql') expect(await listed).toBeInstanceOf(BadStoreInput);
    } finally {
      await store.close();
    }
  });
});
