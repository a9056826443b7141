import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchSecret, generateDeliveries } from '../../bench/generate';
import type { CapturedDelivery } from '../../src/main/core/delivery-record/delivery-record';
import { deliveryWriter } from '../../src/main/core/store/sqlite/delivery-writer';
import { inProcessWriter } from '../../src/main/core/store/sqlite/in-process-writer';
import { openStore, type Db } from '../../src/main/core/store/sqlite/open';
import { openSqliteStore } from '../../src/main/core/store/sqlite/sqlite-store';
import { StoreUnavailable } from '../../src/main/core/store/common/store-errors';
import { startWriterThread, writerThreadHeap } from '../../src/main/core/store/sqlite/writer-thread/client';
import { builtWriterThread } from '../support/core-fixture';
import { analyzedTraffic } from '../support/realistic-traffic';
import { tempDataDir } from '../support/temp-dir';
import { humanLogger } from '../../src/main/core/logger';

const answered = { status: 200, body: '{"received":true}', reason: 'policy: default' };

/** The generated traffic as the receiver hands it to the store: captured, with the secret in force, not analysed. */
function capturedTraffic(count: number, seed: number): CapturedDelivery[] {
  return [...generateDeliveries(count, seed)].map(({ raw, facts }) => ({
    raw,
    facts,
    response: answered,
    secret: benchSecret,
  }));
}

const tables = (db: Db) => ({
  deliveries: db.prepare('SELECT * FROM deliveries ORDER BY id').all(),
  groups: db.prepare('SELECT * FROM duplicate_groups ORDER BY idempotency_key').all(),
  lifecycles: db.prepare('SELECT * FROM lifecycles ORDER BY key').all(),
});

const storeFile = () => join(tempDataDir(), 'inspector.sqlite3');

describe('the store’s writer thread (analysis, commits and derivation off the receiver’s event loop)', () => {
  it('stores captured deliveries as the main thread stores analysed ones: the same rows, groups and lifecycles', async () => {
    const count = 1_200;
    const threaded = openSqliteStore(storeFile(), { background: true, writerThreadFile: builtWriterThread });
    await Promise.all(capturedTraffic(count, 5).map((delivery) => threaded.storeDelivery(delivery)));
    await threaded.derived.catchUpAll();
    expect(await threaded.derived.isCurrent()).toBe(true);

    const here = openStore(storeFile());
    const writer = deliveryWriter(inProcessWriter(here));
    await Promise.all(analyzedTraffic(count, 5).map((record) => writer.enqueue({ ...record, response: answered })));
    await writer.derived.catchUpAll();

    const expected = tables(here);
    expect(expected.deliveries).toHaveLength(count);
    expect(expected.lifecycles.length).toBeGreaterThan(50);
    expect(expected.deliveries.filter((row) => (row as { signature: string }).signature === 'valid').length).toBeGreaterThan(count / 2);
    expect(tables(threaded.db)).toEqual(expected);
    await threaded.close();
    await writer.close();
    here.close();
  });

  it('runs in a bounded heap: a young generation of a few MiB, an old one whose ceiling keeps its garbage close to what lives', async () => {
    const file = storeFile();
    openStore(file).close();
    const thread = startWriterThread(file, { threadFile: builtWriterThread });
    try {
      expect(await thread.insert(capturedTraffic(300, 11))).toHaveLength(300);
      expect(thread.heapLimits).toMatchObject({ maxYoungGenerationSizeMb: writerThreadHeap.maxYoungGenerationSizeMb, maxOldGenerationSizeMb: writerThreadHeap.maxOldGenerationSizeMb });
      expect(writerThreadHeap.maxYoungGenerationSizeMb).toBeLessThanOrEqual(8);
      expect(writerThreadHeap.maxOldGenerationSizeMb).toBeLessThanOrEqual(256);
    } finally {
      await thread.close();
    }
    expect(thread.heapLimits).toEqual({});
  });

  it('keeps the signing secret it is given out of the store', async () => {
    const file = storeFile();
    const store = openSqliteStore(file, { background: true, writerThreadFile: builtWriterThread });
    await Promise.all(capturedTraffic(50, 9).map((delivery) => store.storeDelivery(delivery)));
    await store.derived.catchUpAll();
    await store.close();
    for (const path of [file, `${file}-wal`]) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(path);
      } catch {
        continue;
      }
      expect(bytes.includes(Buffer.from(benchSecret))).toBe(false);
    }
  });

  it('starts a thread that died once again, and when that one dies too refuses writes with the reason, never moving them to the main thread', async () => {
    const broken = join(tempDataDir(), 'store-writer.js');
    writeFileSync(broken, "throw new Error('the writer thread could not load');\n");
    const lines: string[] = [];
    const store = openSqliteStore(storeFile(), { background: true, writerThreadFile: broken, log: humanLogger((line) => lines.push(line)) });
    const [first, second, ...rest] = capturedTraffic(20, 3);
    // Handed to a thread that died under it: refused (the receiver answers 503, so the sender retries), never half-stored.
    await expect(store.storeDelivery(first!)).rejects.toThrow('the writer thread could not load');
    // The restarted thread dies too.
    await expect(store.storeDelivery(second!)).rejects.toThrow('the writer thread could not load');
    for (const delivery of rest) {
      await expect(store.storeDelivery(delivery)).rejects.toThrow(StoreUnavailable);
    }
    await expect(store.storeDelivery(rest[0]!)).rejects.toThrow(/writer thread stopped again after a restart \(the writer thread could not load\)/);
    expect(store.deliveryCount()).toBe(0);
    expect(lines.filter((line) => line.startsWith('store: restarting the writer thread'))).toHaveLength(1);
    expect(lines.join('\n')).toContain("store: the store's writer thread stopped again after a restart (the writer thread could not load)");
    await store.close();
  });

  it('refuses a re-analysis once its thread has failed, rather than run it on the main thread', async () => {
    const broken = join(tempDataDir(), 'store-writer.js');
    writeFileSync(broken, "throw new Error('the writer thread could not load');\n");
    const store = openSqliteStore(storeFile(), { background: true, writerThreadFile: broken });
    const [first, second] = capturedTraffic(2, 4);
    await store.storeDelivery(first!).catch(() => null);
    await store.storeDelivery(second!).catch(() => null);
    await expect(store.reanalyze('whsec_another_secret')).rejects.toThrow(StoreUnavailable);
    await store.close();
  });
});
