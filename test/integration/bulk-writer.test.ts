import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchSecret, generateDeliveries } from '../../bench/generate';
import { buildDeliveryRecord } from '../../src/main/core/receiver/ingest';
import { bulkWriter } from '../../src/main/core/store/bulk-writer';
import type { DeliveryRecord } from '../../src/main/core/store/delivery-record';
import { deliveryWriter } from '../../src/main/core/store/delivery-writer';
import { openStore, type Db } from '../../src/main/core/store/open';
import { tempDataDir } from '../support/temp-dir';

/** The benchmark's realistic traffic (orders of many recipients, duplicates, reordering, faults), analyzed. */
function records(count: number): DeliveryRecord[] {
  return [...generateDeliveries(count, 11)].map(({ raw, facts }) =>
    buildDeliveryRecord(raw, facts, benchSecret, () => ({ status: 200, body: '{}', reason: 'test' })),
  );
}

const tables = (db: Db) => ({
  deliveries: db.prepare('SELECT * FROM deliveries ORDER BY id').all(),
  groups: db.prepare('SELECT * FROM duplicate_groups ORDER BY idempotency_key').all(),
  lifecycles: db.prepare('SELECT * FROM lifecycles ORDER BY key').all(),
  counts: db.prepare('SELECT * FROM store_counts ORDER BY name').all(),
});

const openIn = (dir: string) => openStore(join(dir, 'inspector.sqlite3'));

describe('bulk writer (a command importing many deliveries)', () => {
  const traffic = records(1_500);

  it('leaves the same rows, duplicate groups, lifecycles and search index as the receiver’s writer', async () => {
    const live = openIn(tempDataDir());
    const writer = deliveryWriter(live);
    await Promise.all(traffic.map((record) => writer.enqueue(record)));
    await writer.drain();
    writer.derived.catchUpAll();
    writer.derived.indexSearchAll();

    const bulk = openIn(tempDataDir());
    // Small chunks: lifecycles span several, and their bodies are often no longer in memory.
    const loader = bulkWriter(bulk, 40);
    for (let i = 0; i < traffic.length; i += loader.chunkRows) loader.store(traffic.slice(i, i + loader.chunkRows));
    loader.finish();

    const expected = tables(live);
    expect(expected.groups.length).toBeGreaterThan(20);
    expect(expected.lifecycles.length).toBeGreaterThan(100);
    expect(tables(bulk)).toEqual(expected);
    const indexed = (db: Db, word: string) =>
      db.prepare('SELECT rowid FROM delivery_search WHERE delivery_search MATCH ? ORDER BY rowid').pluck().all(word);
    for (const word of ['gift', 'completed', 'example']) {
      expect(indexed(live, word).length).toBeGreaterThan(0);
      expect(indexed(bulk, word)).toEqual(indexed(live, word));
    }
    live.close();
    bulk.close();
  });

  it('returns the stored ids in order and restores the durable settings when finished', () => {
    const db = openIn(tempDataDir());
    const cacheSize = db.pragma('cache_size', { simple: true });
    const loader = bulkWriter(db, 100);
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    const ids = loader.store(traffic.slice(0, 100));
    expect(ids).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    loader.finish();
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('cache_size', { simple: true })).toBe(cacheSize);
    db.close();
  });
});
