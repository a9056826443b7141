import type { Db } from './open';

interface Pending<T> {
  item: T;
  resolve: (id: number) => void;
  reject: (error: Error) => void;
}

export interface GroupCommitSteps<T> {
  /** Writes one item, returning its row id. */
  write: (item: T) => number;
  /** After a successful commit, with the batch's items and their row ids, in order. */
  onCommitted?: (batch: ReadonlyArray<Committed<T>>) => void;
}

export interface Committed<T> {
  item: T;
  id: number;
}

/**
 * Group commit: writes queued during one turn of the event loop share one transaction and so one
 * fsync. Each caller's promise settles only after the commit that holds its row, so a caller that
 * answers 2xx on resolve answers only for durable rows; on a failed commit every caller is rejected.
 */
export class GroupCommitWriter<T> {
  private queue: Array<Pending<T>> = [];
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly steps: GroupCommitSteps<T>,
  ) {}

  enqueue(item: T): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits everything queued now. */
  flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    let ids: number[];
    try {
      ids = this.db.transaction(() => batch.map((p) => this.steps.write(p.item)))();
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const p of batch) p.reject(failure);
      return;
    }
    batch.forEach((p, i) => p.resolve(ids[i]!));
    this.steps.onCommitted?.(batch.map((p, i) => ({ item: p.item, id: ids[i]! })));
  }
}
