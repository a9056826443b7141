import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitOnThisThread, GroupCommitWriter } from '@webhook-inspector/capture';
import { openStore } from '../../src/main/core/store/sqlite/open';
import { tempDataDir } from '../support/core-fixture';
import { until } from '../support/until';

function storeWithTable() {
  const db = openStore(join(tempDataDir(), 'store.sqlite3'));
  db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, value TEXT NOT NULL) STRICT');
  const insert = db.prepare('INSERT INTO items (value) VALUES (?)');
  return { db, insert: (value: string) => Number(insert.run(value).lastInsertRowid) };
}

describe('group commit', () => {
  it('commits writes queued in one turn in one transaction, and settles each with its id', async () => {
    const { db, insert } = storeWithTable();
    const commits: number[] = [];
    const writer = new GroupCommitWriter<string>({
      commit: commitOnThisThread(db, insert),
      onCommitted: (batch) => commits.push(batch.at(-1)!.id),
    });
    const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => writer.enqueue(`v${i}`)));
    expect(ids).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(commits).toEqual([50]);
    db.close();
  });

  it('rejects every write of a failed commit and stores none of them', async () => {
    const { db, insert } = storeWithTable();
    const writer = new GroupCommitWriter<string>({
      commit: commitOnThisThread(db, (value: string) => {
        if (value === 'bad') throw new Error('disk full');
        return insert(value);
      }),
    });
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((v) => writer.enqueue(v)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((db.prepare('SELECT count(*) AS n FROM items').get() as { n: number }).n).toBe(0);
    expect(await writer.enqueue('d')).toBe(1);
    db.close();
  });

  it('commits at most its largest batch at once, and the rest in the commits after, in order', async () => {
    const { db, insert } = storeWithTable();
    const batchSizes: number[] = [];
    const writer = new GroupCommitWriter<string>({
      commit: commitOnThisThread(db, insert),
      onCommitted: (batch) => batchSizes.push(batch.length),
      largestBatch: 500,
    });
    const ids = await Promise.all(Array.from({ length: 1200 }, (_, i) => writer.enqueue(`v${i}`)));
    expect(ids).toEqual(Array.from({ length: 1200 }, (_, i) => i + 1));
    expect(batchSizes).toEqual([500, 500, 200]);
    db.close();
  });

  it('with a durable step, settles a batch only once it is synced, and commits the next batch meanwhile', async () => {
    const { db, insert } = storeWithTable();
    const syncs: Array<() => void> = [];
    const settled: number[] = [];
    const writer = new GroupCommitWriter<string>({
      commit: commitOnThisThread(db, insert),
      durable: () => new Promise<void>((resolve) => syncs.push(resolve)),
      onCommitted: (batch) => settled.push(batch.at(-1)!.id),
    });
    const first = writer.enqueue('a');
    expect(await until(async () => syncs.length, (n) => n === 1)).toBe(1);
    const second = writer.enqueue('b');
    // The second batch is committed while the first one's sync is still under way.
    expect(await until(async () => syncs.length, (n) => n === 2)).toBe(2);
    expect((db.prepare('SELECT count(*) AS n FROM items').get() as { n: number }).n).toBe(2);
    expect(settled).toEqual([]);
    syncs[0]!();
    expect(await first).toBe(1);
    expect(settled).toEqual([1]);
    const drained = writer.drain();
    syncs[1]!();
    await drained;
    expect(await second).toBe(2);
    expect(settled).toEqual([1, 2]);
    db.close();
  });

  it('rejects every write of a batch whose sync failed', async () => {
    const { db, insert } = storeWithTable();
    let failSync = true;
    const writer = new GroupCommitWriter<string>({
      commit: commitOnThisThread(db, insert),
      durable: async () => {
        if (failSync) throw new Error('EIO: i/o error, fdatasync');
      },
    });
    const results = await Promise.allSettled(['a', 'b'].map((v) => writer.enqueue(v)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason.message).toContain('fdatasync');
    failSync = false;
    expect(await writer.enqueue('c')).toBe(3);
    db.close();
  });
});
