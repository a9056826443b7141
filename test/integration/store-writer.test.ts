import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { benchSecret, generateDeliveries } from '../../bench/generate';
import type { CapturedDelivery } from '../../src/main/core/delivery-record/delivery-record';
import type { ReplayDraft } from '../../src/main/core/store/common/replay-rows';
import { openStore, type Db } from '../../src/main/core/store/sqlite/open';
import { openStoreWriter } from '../../src/main/core/store/sqlite/open-writer';
import type { SqliteWriter } from '../../src/main/core/store/sqlite/sqlite-writer';
import { builtWriterThread } from '../support/core-fixture';
import { analyzedTraffic } from '../support/realistic-traffic';
import { tempDataDir } from '../support/temp-dir';

/*
 * The store's writer has two implementations, on this thread and on a worker thread, over one set of handlers:
 * the same calls in the same order must leave the same store and give the same answers, whichever runs them.
 */

const dayMs = 86_400_000;
const answered = { status: 200, body: '{}', reason: 'test' };

/** As the receiver hands deliveries over: captured, with the secret in force, not analysed. */
const captured = (count: number, seed: number): CapturedDelivery[] =>
  [...generateDeliveries(count, seed)].map(({ raw, facts }) => ({ raw, facts, response: answered, secret: benchSecret }));

const replayOf = (deliveryId: number): ReplayDraft => ({
  deliveryId,
  kind: 'replay',
  batchId: null,
  sentBy: null,
  startedAt: '2026-01-02T03:04:05.000Z',
  url: 'https://127.0.0.1:9/',
  signingMode: 'keep',
  request: { method: 'POST', headers: [], bodySha256: 'ab', bodySize: 2 },
  response: { status: 204, headers: [], body: Buffer.from('done'), bodyTruncated: false },
  error: null,
  durationMs: 1,
});

/** Everything a writer leaves in the store. */
const storeTables = (db: Db) =>
  Object.fromEntries(
    ['deliveries', 'duplicate_groups', 'lifecycles', 'replays', 'settings', 'store_counts'].map((table) => [
      table,
      db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all(),
    ]),
  );
const searchable = (db: Db, word: string) =>
  db.prepare('SELECT rowid FROM delivery_search WHERE delivery_search MATCH ? ORDER BY rowid').pluck().all(word);

const implementations = [
  ['in process', null],
  ['on a worker thread', builtWriterThread],
] as const;

/** What each implementation answered and left, compared at the end. */
const outcomes = new Map<string, unknown>();

describe.each(implementations)('the store writer %s', (name, threadFile) => {
  const db = openStore(join(tempDataDir(), 'inspector.sqlite3'));
  const writer: SqliteWriter = openStoreWriter(db, { threadFile });
  const answers: Record<string, unknown> = {};
  afterAll(async () => {
    await writer.close();
    db.close();
  });

  it('inserts captured and analysed deliveries in one transaction each, and answers their ids in order', async () => {
    expect(await writer.insert(captured(300, 3))).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(await writer.insert(analyzedTraffic(300, 4))).toEqual(Array.from({ length: 300 }, (_, i) => i + 301));
    expect(db.prepare('SELECT count(*) FROM deliveries').pluck().get()).toBe(600);
    expect(db.prepare("SELECT count(*) FROM deliveries WHERE signature = 'valid'").pluck().get()).toBeGreaterThan(300);
  });

  it('derives duplicate groups, lifecycles and the search index, a step or all at once', async () => {
    expect(await writer.isCurrent()).toBe(false);
    expect(await writer.step()).toMatchObject({ failure: null });
    expect(await writer.catchUp(50)).toBeNull();
    expect(await writer.catchUpAll()).toBe(true);
    // The 600 rows in one of a pause's transactions (a thousand rows each).
    expect(await writer.fillIndexesWhileIdle()).toEqual({ backlog: false, failure: null });
    await writer.indexSearchAll();
    expect(await writer.isCurrent()).toBe(true);
    expect(db.prepare('SELECT count(*) FROM lifecycles').pluck().get()).toBeGreaterThan(20);
    expect(db.prepare('SELECT count(*) FROM duplicate_groups WHERE count > 1').pluck().get()).toBeGreaterThan(0);
    expect(searchable(db, 'completed').length).toBeGreaterThan(0);
    // Emptied and derived again: the first rows at once, the rest as pending.
    await writer.clear();
    expect(db.prepare("SELECT value FROM store_counts WHERE name = 'derived_through'").pluck().get()).toBe(600);
    expect(await writer.catchUpAll()).toBe(true);
  });

  it('stores a replay and settings, and refuses a replay of no delivery with a rejected promise', async () => {
    const oldest = db.prepare('SELECT id FROM deliveries ORDER BY received_at, id LIMIT 1').pluck().get() as number;
    answers.replay = await writer.insertReplay(replayOf(oldest));
    await writer.writeSettings([['responsePolicy', JSON.stringify({ mode: 'always_200' })], ['gone', null]]);
    expect(db.prepare("SELECT value FROM settings WHERE key = 'responsePolicy'").pluck().get()).toBe('{"mode":"always_200"}');
    await expect(writer.insertReplay(replayOf(10_000))).rejects.toThrow(/FOREIGN KEY/);
  });

  it('re-analyses the stored deliveries in batches, saying whether any key changed', async () => {
    const first = await writer.reanalyze('whsec_another_secret', 0, 100);
    expect(first.count).toBeGreaterThan(0);
    expect(first.count).toBeLessThanOrEqual(100);
    let batch = first;
    let count = first.count;
    while (batch.count > 0) count += (batch = await writer.reanalyze('whsec_another_secret', batch.lastId, 100)).count;
    expect(count).toBe(600);
    expect(db.prepare("SELECT count(*) FROM deliveries WHERE signature = 'valid'").pluck().get()).toBe(0);
    // Batches are sized from their pace: a thread and this one may cut them differently, and end the same.
    for (let back = await writer.reanalyze(benchSecret, 0, 10_000); back.count > 0; ) back = await writer.reanalyze(benchSecret, back.lastId, 10_000);
  });

  it('prunes the oldest derived deliveries past the limits, with their replays', async () => {
    const cutoffAt = db.prepare('SELECT received_at FROM deliveries ORDER BY received_at, id LIMIT 1 OFFSET 100').pluck().get() as number;
    const older = db.prepare('SELECT count(*) FROM deliveries WHERE received_at < ?').pluck().get(cutoffAt) as number;
    expect(older).toBeGreaterThan(50);
    const now = cutoffAt + dayMs;
    let removed = 0;
    for (let batch = -1; batch !== 0; removed += batch) batch = await writer.prune({ keepDays: 1, keepBytes: null }, 37, now);
    expect(removed).toBe(older);
    expect(db.prepare('SELECT count(*) FROM replays').pluck().get()).toBe(0);
    expect(await writer.prune({ keepDays: 1, keepBytes: null }, 37, now)).toBe(0);
  });

  it('bulk loads chunks without fsyncs of their own, derived at once, and restores the connection after', async () => {
    await writer.beginBulkLoad();
    const ids = [...(await writer.bulkStore(analyzedTraffic(150, 5))), ...(await writer.bulkStore(captured(150, 6)))];
    await writer.endBulkLoad();
    expect(ids).toEqual(Array.from({ length: 300 }, (_, i) => ids[0]! + i));
    answers.bulkIds = ids;
    expect(await writer.isCurrent()).toBe(true);
    if (threadFile === null) expect(db.pragma('synchronous', { simple: true })).toBe(2);
    answers.searchable = searchable(db, 'gift');
    outcomes.set(name, { answers, tables: storeTables(db) });
  });
});

describe('the two store writers', () => {
  it('leave the same store and give the same answers', () => {
    const [here, there] = implementations.map(([name]) => outcomes.get(name));
    expect(here).toBeDefined();
    expect(there).toEqual(here);
  });
});
