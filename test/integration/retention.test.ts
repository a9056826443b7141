import { afterEach, expect, it } from 'vitest';
import { benchSecret } from '../../bench/generate';
import type { RetentionLimits } from '../../src/shared/retention';
import type { DeliveryRecord } from '../../src/main/core/delivery-record/delivery-record';
import type { InspectorStore } from '../../src/main/core/store/inspector-store';
import type { SqliteStore } from '../../src/main/core/store/sqlite/sqlite-store';
import { describeEachEngine, openTestStore } from '../support/engines';
import { analyzedTraffic } from '../support/realistic-traffic';

const dayMs = 86_400_000;
const sizeOf = (record: DeliveryRecord) => record.raw.body.byteLength + Buffer.byteLength(JSON.stringify(record.raw.headers));

/** The derived results as the views read them. */
async function derivedView(store: InspectorStore) {
  await store.derived.catchUpAll();
  const groups = await store.listDuplicateGroups(undefined, 200);
  const lifecycles = await store.listLifecycles({}, undefined, 1_000);
  return { groups, lifecycles, orders: await store.listOrders(1_000), evidence: await store.deliveryIdEvidence() };
}

async function pruneAll(store: InspectorStore, limits: RetentionLimits, now: number): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await store.retention.pruneBatch(limits, 37, now);
    if (removed === 0) return total;
    total += removed;
  }
}

describeEachEngine('retention prunes the oldest deliveries', (engine) => {
  let store: InspectorStore | null = null;
  afterEach(async () => {
    await store?.close();
    store = null;
  });

  /** Realistic traffic (orders, duplicates, reordering) stored, a replay of the first and the last delivery. */
  async function storeTraffic(count: number) {
    store = await openTestStore(engine);
    const records = analyzedTraffic(count, 7);
    const ids: number[] = [];
    for (const record of records) ids.push(await store.storeDelivery(record));
    await store.derived.catchUpAll();
    for (const id of [ids[0]!, ids[ids.length - 1]!]) {
      await store.replays.insert({
        deliveryId: id, kind: 'replay', batchId: null, startedAt: new Date().toISOString(), url: 'https://127.0.0.1:1/x', sentBy: null,
        signingMode: 'keep', request: { method: 'POST', headers: [], bodySha256: 'ab', bodySize: 2 },
        response: { status: 200, headers: [], body: Buffer.from('ok'), bodyTruncated: false }, error: null, durationMs: 3,
      });
    }
    return { store, records, ids };
  }

  /** What remains must be what a store that received only the kept deliveries derives: a rebuild from them. */
  async function expectDerivedAsIfOnlyKept(s: InspectorStore) {
    const pruned = await derivedView(s);
    expect(pruned.groups.total).toBeGreaterThan(0);
    expect(pruned.lifecycles.length).toBeGreaterThan(0);
    await s.reanalyze(benchSecret, { rebuild: true });
    expect(await derivedView(s)).toEqual(pruned);
  }

  it('by days: removes the deliveries received before the cutoff with their replays, and states the groups and lifecycles they leave again', async () => {
    const { store: s, records, ids } = await storeTraffic(600);
    const firstKept = 240;
    const keepDays = 3;
    const now = records[firstKept]!.facts.receivedAt + keepDays * dayMs;
    const before = await derivedView(s);

    const removed = await pruneAll(s, { keepDays, keepBytes: null }, now);

    expect(removed).toBe(firstKept);
    expect(s.deliveryCount()).toBe(records.length - firstKept);
    expect(await s.getDelivery(ids[firstKept - 1]!)).toBeNull();
    expect(await s.getDelivery(ids[firstKept]!)).not.toBeNull();
    expect(await s.replays.listForDelivery(ids[0]!)).toEqual([]);
    expect(await s.replays.listForDelivery(ids[ids.length - 1]!)).toHaveLength(1);
    const counts = s.retention.counts();
    expect(counts).toMatchObject({
      deliveries: records.length - firstKept,
      bytes: records.slice(firstKept).reduce((sum, r) => sum + sizeOf(r), 0),
      pruned: firstKept,
      lastPrunedAt: now,
    });
    // Groups and lifecycles that lost copies changed (this traffic has both), and agree with a rebuild.
    expect(await derivedView(s)).not.toEqual(before);
    await expectDerivedAsIfOnlyKept(s);
    expect(await s.retention.pruneBatch({ keepDays, keepBytes: null }, 100, now)).toBe(0);
  });

  it('by size: keeps the newest deliveries whose bodies and headers fit, and nothing older', async () => {
    const { store: s, records } = await storeTraffic(500);
    const total = records.reduce((sum, r) => sum + sizeOf(r), 0);
    expect(s.retention.counts().bytes).toBe(total);
    const keepBytes = Math.floor(total / 3);
    let kept = 0;
    let keptBytes = 0;
    for (let i = records.length - 1; i >= 0 && keptBytes + sizeOf(records[i]!) <= keepBytes; i--) {
      kept++;
      keptBytes += sizeOf(records[i]!);
    }

    await pruneAll(s, { keepDays: null, keepBytes }, Date.now());

    expect(s.retention.counts()).toMatchObject({ deliveries: kept, bytes: keptBytes, pruned: records.length - kept });
    const listed = await s.listDeliveries({ filter: {}, limit: 500 });
    expect(listed.total).toBe(kept);
    await expectDerivedAsIfOnlyKept(s);
  });

  // SQLite's own search indexes (FTS5) are kept by the inspector; PostgreSQL keeps its index of search_words itself.
  if (engine === 'sqlite') it('takes pruned deliveries out of both search indexes', async () => {
    const { store: s, records, ids } = await storeTraffic(300);
    const db = (s as SqliteStore).db;
    // The index is filled in the background, after the derived tables.
    for (;;) {
      const through = db.prepare("SELECT value FROM store_counts WHERE name = 'search_indexed_through'").pluck().get() as number;
      if (through >= ids[ids.length - 1]!) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const firstKept = 120;
    await pruneAll(s, { keepDays: 1, keepBytes: null }, records[firstKept]!.facts.receivedAt + dayMs);

    const indexed = (table: string, match: string) =>
      db.prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid`).pluck().all(match) as number[];
    const words = indexed('delivery_search', 'example');
    expect(words.length).toBeGreaterThan(0);
    expect(Math.min(...words)).toBeGreaterThanOrEqual(ids[firstKept]!);
    expect(db.prepare("INSERT INTO delivery_search (delivery_search, rank) VALUES ('integrity-check', 1)").run()).toBeTruthy();
    expect(db.prepare("INSERT INTO delivery_long_runs (delivery_long_runs, rank) VALUES ('integrity-check', 1)").run()).toBeTruthy();
  });
});
