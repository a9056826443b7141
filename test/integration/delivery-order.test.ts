import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { CallOutput } from '../../src/shared/contract';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { describeEachEngine, storeLocation, type EngineName } from '../support/engines';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { receive } from '../support/transfers';

const weekAgo = Date.now() - 7 * 24 * 3_600_000;
const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((t) => t.stop()));
});

let engine: EngineName = 'sqlite';

async function core(): Promise<TestCore> {
  const t = await startTestCore({ secret: testSecret, store: await storeLocation(engine) });
  cores.push(t);
  return t;
}

const live = (t: TestCore, email: string, path = '/webhooks') => {
  const body = giftCardBody({ recipient_email: email });
  return receive(t, body, serviceHeaders(body), path);
};

/** Last week's traffic, as an export of it: received a week ago, the last two in the same millisecond. */
async function lastWeeksExport(emails: string[]): Promise<string> {
  const source = await core();
  const ids: number[] = [];
  for (const email of emails) ids.push(await live(source, email, email.startsWith('b') ? '/b' : '/webhooks'));
  const har = JSON.parse((await source.call('export.har', { selection: { deliveryIds: ids } })).har) as {
    log: { entries: Array<{ startedDateTime: string }> };
  };
  har.log.entries.forEach((entry, i) => {
    entry.startedDateTime = new Date(weekAgo + Math.min(i, emails.length - 2) * 60_000).toISOString();
  });
  const file = join(mkdtempSync(join(tmpdir(), 'order-')), 'last-week.har');
  writeFileSync(file, JSON.stringify(har));
  return file;
}

const subjects = (page: CallOutput<'deliveries.list'>) => page.items.map((item) => item.subject);

describeEachEngine('the deliveries list, newest received first', (name) => {
  beforeEach(() => {
    engine = name;
  });

  it('sorts an import of older deliveries below live ones stored before and after it, and pages through all of them once', async () => {
    const file = await lastWeeksExport(['old1@example.com', 'old2@example.com', 'b-old3@example.com', 'old4@example.com']);
    const t = await core();
    await live(t, 'live1@example.com');
    await live(t, 'live2@example.com');
    expect(await t.call('import.path', { path: file })).toMatchObject({ imported: 4 });
    await live(t, 'live3@example.com');

    const all = await t.call('deliveries.list', { limit: 100 });
    expect(all.order).toBe('received');
    expect(subjects(all)).toEqual([
      'live3@example.com', 'live2@example.com', 'live1@example.com',
      // The last two share a millisecond: the later stored first.
      'old4@example.com', 'b-old3@example.com', 'old2@example.com', 'old1@example.com',
    ]);
    expect(all.items.filter((item) => item.imported).map((item) => item.subject)).toEqual(subjects(all).slice(3));
    expect(all.latestId).toBe(Math.max(...all.items.map((item) => item.id)));

    const paged: Array<string | null> = [];
    for (let beforeId: number | undefined; ; ) {
      const page = await t.call('deliveries.list', { limit: 2, ...(beforeId === undefined ? {} : { beforeId }) });
      paged.push(...subjects(page));
      if (page.items.length < 2) break;
      beforeId = page.items.at(-1)!.id;
    }
    expect(paged).toEqual(subjects(all));

    const filtered = await t.call('deliveries.list', { filter: { path: '/webhooks' }, limit: 2 });
    expect(subjects(filtered)).toEqual(['live3@example.com', 'live2@example.com']);
    const further = await t.call('deliveries.list', { filter: { path: '/webhooks' }, beforeId: filtered.items[1]!.id, limit: 3 });
    expect(subjects(further)).toEqual(['live1@example.com', 'old4@example.com', 'old2@example.com']);
  });

  it('catches up with what was stored since the list was read, live or imported, each sorted in its place', async () => {
    const file = await lastWeeksExport(['old1@example.com', 'old2@example.com']);
    const t = await core();
    await live(t, 'live1@example.com');
    const first = await t.call('deliveries.list', { limit: 100 });
    await t.call('import.path', { path: file });
    await live(t, 'live2@example.com');

    const since = await t.call('deliveries.list', { afterId: first.latestId, limit: 100 });
    expect(subjects(since)).toEqual(['live2@example.com', 'old2@example.com', 'old1@example.com']);
    expect(since.latestId).toBe(first.latestId + 3);
    const sinceFiltered = await t.call('deliveries.list', { filter: { event: 'payout.processing' }, afterId: first.latestId + 2, limit: 100 });
    expect(subjects(sinceFiltered)).toEqual(['live2@example.com']);
  });

  it('says a text search is in the order stored here', async () => {
    const t = await core();
    await live(t, 'live1@example.com');
    expect(await t.call('deliveries.list', { filter: { text: 'live1@' }, limit: 10 })).toMatchObject({ order: 'stored', total: 1 });
    // On PostgreSQL the data dir holds no store of its own.
    expect(existsSync(join(t.dataDir, 'inspector.sqlite3'))).toBe(engine === 'sqlite');
  });
});
