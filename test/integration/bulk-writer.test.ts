import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchSecret } from '../../bench/generate';
import { ndjsonLines } from '../../src/main/core/export/ndjson';
import { bulkChunkRows, bulkWriter } from '../../src/main/core/store/sqlite/bulk-writer';
import { deliveryWriter } from '../../src/main/core/store/sqlite/delivery-writer';
import { inProcessWriter } from '../../src/main/core/store/sqlite/in-process-writer';
import { openStore, type Db } from '../../src/main/core/store/sqlite/open';
import { sqliteStore } from '../../src/main/core/store/sqlite/sqlite-store';
import { builtCli } from '../support/cli-process';
import { collect } from '../support/collect';
import { analyzedTraffic, storeInBulk } from '../support/realistic-traffic';
import { tempDataDir } from '../support/temp-dir';

const records = (count: number) => analyzedTraffic(count, 11);

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
    const writer = deliveryWriter(inProcessWriter(live));
    await Promise.all(traffic.map((record) => writer.enqueue(record)));
    await writer.drain();
    await writer.derived.catchUpAll();
    await writer.derived.indexSearchAll();

    const bulk = openIn(tempDataDir());
    // Small chunks: lifecycles span several, and their bodies are often no longer in memory.
    await storeInBulk(bulk, traffic, 40);

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

  it('returns the stored ids in order and restores the durable settings when finished', async () => {
    const db = openIn(tempDataDir());
    const cacheSize = db.pragma('cache_size', { simple: true });
    const loader = bulkWriter(inProcessWriter(db), 100);
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    const ids = await loader.store(traffic.slice(0, 100));
    expect(ids).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    await loader.finish();
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('cache_size', { simple: true })).toBe(cacheSize);
    db.close();
  });

  it('leaves whole chunks, a consistent store, when the CLI import is killed midway', async () => {
    // An export of 3 chunks' worth of deliveries, to import with the built CLI.
    const sourceDir = tempDataDir();
    const source = openIn(sourceDir);
    const many = records(3 * bulkChunkRows);
    await storeInBulk(source, many);
    const file = join(sourceDir, 'all.ndjson');
    const store = sqliteStore(source, inProcessWriter(source));
    writeFileSync(file, await collect(ndjsonLines(store)));
    await store.close();

    const target = tempDataDir();
    const child = spawn(process.execPath, [builtCli, 'import', file, '--data-dir', target, '--secret', benchSecret], { stdio: 'pipe' });
    const exited = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, signal) => done(signal)));
    // Progress reaches the first chunk once it is stored; the next is being read, analyzed or written.
    await new Promise<void>((storedOne) => {
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes(`import: ${bulkChunkRows} of`)) storedOne();
      });
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const db = openIn(target);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const rows = db.prepare('SELECT count(*) FROM deliveries').pluck().get() as number;
    expect(rows % bulkChunkRows).toBe(0);
    expect(rows).toBeGreaterThanOrEqual(bulkChunkRows);
    expect(rows).toBeLessThan(many.length);
    // Imported rows are the file's first ones, byte for byte.
    const stored = db.prepare('SELECT body_sha256 FROM deliveries ORDER BY id').pluck().all();
    expect(stored).toEqual(many.slice(0, rows).map((record) => record.bodySha256));
    db.close();
    // Building, exporting and importing 15,000 deliveries takes 17 s beside other tests on a busy 2-core machine.
  }, 120_000);
});
