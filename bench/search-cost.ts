import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { bodySearchIndex } from '../src/main/core/store/sqlite/body-search';
import { openStore } from '../src/main/core/store/sqlite/open';
import { spread, type Figure } from './stats';

/** Deliveries copied from the scale store: the index is filled with the first, and the last are timed. */
const copied = 100_000;
const timed = 20_000;
const passes = 3;

/**
 * What the body search indexes (words and long runs) add to ingest, per delivery: the newest `copied` deliveries of the scale store,
 * copied into a scratch store; the index filled with all but the last `timed` (untimed: FTS5's merges cost more
 * as it grows), then those indexed as the derived tables' step does it (`indexBatch`, synchronous=NORMAL), in
 * batches of 20 (a step at ~1,000 deliveries/s) and of 500 (a backlog), `passes` times each.
 */
export function measureSearchIndexing(storeFile: string, scratchDir: string): Figure[] {
  const file = join(scratchDir, `search-cost-${process.pid}.sqlite3`);
  const db = openStore(file);
  try {
    db.prepare('ATTACH ? AS source').run(storeFile);
    db.exec(`INSERT INTO main.deliveries SELECT * FROM source.deliveries
      WHERE id > (SELECT max(id) FROM source.deliveries) - ${copied}`);
    db.exec('DETACH source');
    db.pragma('synchronous = NORMAL');
    const index = bodySearchIndex(db);
    const reset = db.transaction(() => {
      db.exec("INSERT INTO delivery_search (delivery_search) VALUES ('delete-all')");
      db.exec("INSERT INTO delivery_long_runs (delivery_long_runs) VALUES ('delete-all')");
      db.exec("UPDATE store_counts SET value = 0 WHERE name = 'search_indexed_through'");
    });
    return [20, 500].map((batch) => {
      const samples: number[] = [];
      for (let pass = 0; pass < passes; pass++) {
        reset();
        for (let filled = 0, n = 1; n > 0 && filled < copied - timed; filled += n) {
          n = index.indexBatch(Math.min(500, copied - timed - filled));
        }
        db.pragma('wal_checkpoint(TRUNCATE)');
        let indexed = 0;
        const started = process.hrtime.bigint();
        for (let n; (n = index.indexBatch(batch)) > 0; ) indexed += n;
        samples.push(Number(process.hrtime.bigint() - started) / 1e6 / indexed);
      }
      return {
        metric: `search indexing per delivery, batches of ${batch}`,
        unit: 'ms',
        ...spread(samples),
        goal: null,
        baseline: null,
        note:
          `${timed.toLocaleString('en')} bodies into an index of ${(copied - timed).toLocaleString('en')}, ${passes} passes; ` +
          "added to each delivery's ingest, after its commit",
      } satisfies Figure;
    });
  } finally {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  }
}
