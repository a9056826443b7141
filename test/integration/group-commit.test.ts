import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitOnThisThread, GroupCommitWriter } from '@webhook-inspector/capture';
import { openStore } from '../../src/main/core/store/open';
import { tempDataDir } from '../support/core-fixture';

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
});
