import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import type { DeliveryFilter } from '../../src/shared/delivery';
import type { DeliverySearchJob } from '../../src/shared/delivery-search';
import { startTestCore, tempDataDir, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { describeEachEngine, openTestStore, storeLocation, type EngineName } from '../support/engines';
import { post } from '../support/https-client';
import { largeStoreDataDir } from '../support/large-store';

const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((t) => t.stop()));
});

const record = (body: Buffer, path = '/webhooks') =>
  buildDeliveryRecord(
    { method: 'POST', path, query: '', headers: [['Content-Type', 'application/json']], body, bodyTruncated: false },
    { receivedAt: Date.now(), remoteAddress: '127.0.0.1', tls: true, imported: false },
    null,
    () => ({ status: 200, body: '{}', reason: 'test' }),
  );

/** Gift cards to walsh0…walsh36, some on another path, some texts that are not JSON, in either case. */
function variedBodies(count: number): Array<{ body: Buffer; path: string }> {
  return Array.from({ length: count }, (_, i) =>
    i % 5 === 4
      ? { body: Buffer.from(`plain text ${i} WALSH${i % 37} end\0`), path: '/text' }
      : { body: giftCardBody({ recipient_email: `walsh${i % 37}@example.com` }), path: i % 3 === 0 ? '/b' : '/webhooks' },
  );
}

/** A core over a store of the engine already holding the deliveries. */
async function coreWith(engine: EngineName, bodies: Array<{ body: Buffer; path: string }>): Promise<TestCore> {
  const dataDir = tempDataDir();
  const location = engine === 'sqlite' ? join(dataDir, 'inspector.sqlite3') : await storeLocation(engine);
  const store = await openTestStore(engine, location);
  await Promise.all(bodies.map(({ body, path }) => store.storeDelivery(record(body, path))));
  await store.close();
  const t = await startTestCore({ dataDir, store: engine === 'sqlite' ? undefined : location });
  cores.push(t);
  return t;
}

interface Followed {
  ids: number[];
  jobs: DeliverySearchJob[];
}

/** One job followed to its end as the UI follows it: its page, waiting for what is new. */
async function follow(t: TestCore, started: DeliverySearchJob): Promise<Followed> {
  const ids: number[] = [];
  const jobs = [started];
  for (let job = started; ; ) {
    const page = await t.call('deliveries.search.page', { jobId: job.jobId, from: ids.length, waitMs: 2_000 });
    ids.push(...page.items.map((item) => item.id));
    jobs.push(page.job);
    job = page.job;
    if (job.state !== 'running') return { ids, jobs };
  }
}

/** Every page, each a job below the last one's end, as the UI pages down. */
async function searchAll(t: TestCore, filter: DeliveryFilter & { text: string }, limit: number): Promise<Followed> {
  const all: Followed = { ids: [], jobs: [] };
  for (let beforeId: number | undefined; ; ) {
    const { ids, jobs } = await follow(t, await t.call('deliveries.search.start', { filter, limit, beforeId }));
    all.ids.push(...ids);
    all.jobs.push(...jobs);
    const last = jobs.at(-1)!;
    expect(last.state).toBe('done');
    if (last.nextBeforeId === null) return all;
    beforeId = last.nextBeforeId;
  }
}

/** The existing search, page by page. */
async function listAll(t: TestCore, filter: DeliveryFilter, limit: number): Promise<number[]> {
  const ids: number[] = [];
  for (let beforeId: number | undefined; ; ) {
    const page = await t.call('deliveries.list', { filter, limit, beforeId });
    ids.push(...page.items.map((item) => item.id));
    if (page.items.length < limit) return ids;
    beforeId = page.items.at(-1)!.id;
  }
}

let engine: EngineName = 'sqlite';

describeEachEngine('a free-text search as a job', (name) => {
  beforeEach(() => {
    engine = name;
  });

  it('finds what the list finds, newest first, page by page, with and without other filters', async () => {
    const t = await coreWith(engine, variedBodies(400));
    const searches: Array<DeliveryFilter & { text: string }> = [
      { text: 'walsh1' },
      { text: 'Walsh36' },
      { text: 'walsh2', path: '/b' },
      { text: 'walsh3', form: 'unparseable' },
      { text: 'nobody' },
      // Texts an index takes: answered at once, the same.
      { text: 'walsh12@example.com' },
      { text: '"walsh7@' },
    ];
    for (const filter of searches) {
      const expected = await listAll(t, filter, 9);
      const found = await searchAll(t, filter, 9);
      expect(found.ids, filter.text).toEqual(expected);
      expect(found.ids, filter.text).toEqual([...found.ids].sort((a, b) => b - a));
      const indexed = filter.text.includes('@');
      // Either engine's index narrows what a text proves; any other text is searched body by body.
      expect(found.jobs.every((job) => job.scanned === !indexed)).toBe(true);
      // A catch-up: what was stored after an id.
      const since = await follow(t, await t.call('deliveries.search.start', { filter, afterId: 250, limit: 500 }));
      const listed = await t.call('deliveries.list', { filter, afterId: 250, limit: 500 });
      expect(since.ids, filter.text).toEqual(listed.items.map((item) => item.id));
    }
    expect((await searchAll(t, { text: 'walsh1' }, 9)).ids.length).toBeGreaterThan(9);
  });

  it('reads the same stretches of a body-by-body search on both engines', async () => {
    const location = await storeLocation(engine);
    const store = await openTestStore(engine, location);
    try {
      await Promise.all(variedBodies(60).map(({ body, path }) => store.storeDelivery(record(body, path))));
      const { oldestId, latestId } = await store.storedIdRange();
      expect(latestId - oldestId).toBe(59);
      const listed = await store.listDeliveries({ filter: { text: 'WALSH1' }, limit: 100 });
      const stretches = [await store.scanForText({ text: 'WALSH1' }, oldestId + 30, latestId + 1), await store.scanForText({ text: 'WALSH1' }, oldestId, oldestId + 30)];
      expect(stretches.flatMap((s) => s.items)).toEqual(listed.items);
      expect(stretches[1]!.oldestReceivedAt).toBe(Date.parse((await store.getDelivery(oldestId))!.receivedAt));
      expect(await store.scanForText({ text: 'walsh1' }, latestId + 1, latestId + 10)).toEqual({ items: [], oldestReceivedAt: null });
    } finally {
      await store.close();
    }
  });
});

it('searches a large store in stretches: progress grows, the receiver answers meanwhile, and cancel stops it', { timeout: 120_000 }, async () => {
  const t = await startTestCore({ dataDir: largeStoreDataDir(300_000) });
  cores.push(t);
  const started = await t.call('deliveries.search.start', { filter: { text: 'absent' } });
  expect(started).toMatchObject({ state: 'running', scanned: true, toSearch: 300_000, latestId: 300_000 });

  // A delivery sent while the search runs is answered while it runs: it leaves the event loop between stretches.
  // One at a time, each answer followed by a look at the job, so that how fast the scan goes changes nothing.
  const body = giftCardBody();
  const answer = await post(`${t.receiverUrl}/webhooks`, body, serviceHeaders(body, null));
  expect(answer.status).toBe(200);
  const during = await t.call('deliveries.search.page', { jobId: started.jobId });
  expect(during.job.state).toBe('running');
  expect(during.job.searched).toBeLessThan(300_000);

  const followed = await follow(t, during.job);
  const progress = followed.jobs.map((job) => job.searched);
  // How many reports a scan makes depends on the machine's speed (one at most every 100 ms): only their order is fixed.
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
  expect(followed.jobs.at(-1)).toMatchObject({ state: 'done', searched: 300_000, found: 0, nextBeforeId: null });
  expect(followed.jobs.at(-1)!.reachedAt).toBe((await t.call('deliveries.get', { id: 1 })).receivedAt);

  const canceled = await t.call('deliveries.search.start', { filter: { text: 'absent' } });
  const stopped = await t.call('deliveries.search.cancel', { jobId: canceled.jobId });
  expect(stopped.state).toBe('canceled');
  expect(stopped.searched).toBeLessThan(stopped.toSearch);
  // More turns of the event loop, then the job is where the cancel left it.
  await post(`${t.receiverUrl}/webhooks`, body, serviceHeaders(body, null));
  await t.call('deliveries.list', { limit: 1 });
  expect((await t.call('deliveries.search.page', { jobId: canceled.jobId })).job).toEqual(stopped);
});

it('reports an unknown job as not found', async () => {
  const t = await startTestCore();
  cores.push(t);
  await expect(t.call('deliveries.search.page', { jobId: 'nope' })).rejects.toThrow(/404.*no search job nope/);
});
