import { describe, expect, it } from 'vitest';
import { commitOnThisThread, GroupCommitWriter } from '@webhook-inspector/group-commit';

/**
 * A table kept in memory behind a connection like better-sqlite3's: a transaction keeps every row it added, or none
 * when it throws; a row's id is its position, so the ids of rolled-back rows are given again, as SQLite's rowids are.
 */
function memoryTable() {
  const rows: string[] = [];
  let transactions = 0;
  return {
    rows,
    transactions: () => transactions,
    transaction<R>(run: () => R): () => R {
      return () => {
        transactions++;
        const before = rows.length;
        try {
          return run();
        } catch (error) {
          rows.length = before;
          throw error;
        }
      };
    },
    insert: (value: string): number => rows.push(value),
  };
}

/** Settles once `check` holds, looking again after each turn of the event loop (at most a few seconds). */
async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('never happened');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('group commit', () => {
  it('commits writes queued in one turn in one transaction, and settles each with its id', async () => {
    const table = memoryTable();
    const commits: number[] = [];
    const writer = new GroupCommitWriter<string>({
      commit: commitOnThisThread(table, table.insert),
      onCommitted: (batch) => commits.push(batch.at(-1)!.id),
    });
    const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => writer.enqueue(`v${i}`)));
    expect(ids).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(commits).toEqual([50]);
    expect(table.transactions()).toBe(1);
  });

  it('rejects every write of a failed commit and stores none of them', async () => {
    const table = memoryTable();
    const writer = new GroupCommitWriter<string>({
      commit: commitOnThisThread(table, (value: string) => {
        if (value === 'bad') throw new Error('disk full');
        return table.insert(value);
      }),
    });
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((v) => writer.enqueue(v)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason.message).toBe('disk full');
    expect(table.rows).toEqual([]);
    expect(await writer.enqueue('d')).toBe(1);
  });

  it('commits at most its largest batch at once, and the rest in the commits after, in order', async () => {
    const table = memoryTable();
    const batchSizes: number[] = [];
    const writer = new GroupCommitWriter<string>({
      commit: commitOnThisThread(table, table.insert),
      onCommitted: (batch) => batchSizes.push(batch.length),
      largestBatch: 500,
    });
    const ids = await Promise.all(Array.from({ length: 1200 }, (_, i) => writer.enqueue(`v${i}`)));
    expect(ids).toEqual(Array.from({ length: 1200 }, (_, i) => i + 1));
    expect(batchSizes).toEqual([500, 500, 200]);
    expect(table.rows).toEqual(Array.from({ length: 1200 }, (_, i) => `v${i}`));
  });

  it('with a durable step, settles a batch only once it is synced, and commits the next batch meanwhile', async () => {
    const table = memoryTable();
    const syncs: Array<() => void> = [];
    const settled: number[] = [];
    const writer = new GroupCommitWriter<string>({
      commit: commitOnThisThread(table, table.insert),
      durable: () => new Promise<void>((resolve) => syncs.push(resolve)),
      onCommitted: (batch) => settled.push(batch.at(-1)!.id),
    });
    const first = writer.enqueue('a');
    await until(() => syncs.length === 1);
    const second = writer.enqueue('b');
    // The second batch is committed while the first one's sync is still under way.
    await until(() => syncs.length === 2);
    expect(table.rows).toEqual(['a', 'b']);
    expect(settled).toEqual([]);
    syncs[0]!();
    expect(await first).toBe(1);
    expect(settled).toEqual([1]);
    const drained = writer.drain();
    syncs[1]!();
    await drained;
    expect(await second).toBe(2);
    expect(settled).toEqual([1, 2]);
  });

  it('rejects every write of a batch whose sync failed', async () => {
    const table = memoryTable();
    let failSync = true;
    const writer = new GroupCommitWriter<string>({
      commit: commitOnThisThread(table, table.insert),
      durable: async () => {
        if (failSync) throw new Error('EIO: i/o error, fdatasync');
      },
    });
    const results = await Promise.allSettled(['a', 'b'].map((v) => writer.enqueue(v)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason.message).toContain('fdatasync');
    failSync = false;
    expect(await writer.enqueue('c')).toBe(3);
  });

  it('runs its between-batches work before each batch and after the last one, never during a commit', async () => {
    const table = memoryTable();
    const seen: string[] = [];
    let committing = false;
    const writer = new GroupCommitWriter<string>({
      commit: async (items) => {
        committing = true;
        await new Promise((resolve) => setImmediate(resolve));
        committing = false;
        return commitOnThisThread(table, table.insert)(items);
      },
      betweenBatches: () => seen.push(committing ? 'during a commit' : 'between'),
      largestBatch: 2,
    });
    await Promise.all(['a', 'b', 'c'].map((v) => writer.enqueue(v)));
    await writer.idle();
    expect(seen).toEqual(['between', 'between', 'between']);
    expect(writer.busy).toBe(false);
  });
});
