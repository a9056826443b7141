/** A connection that runs a function in one transaction, as better-sqlite3's `Database.transaction` does. */
interface Transactional {
  transaction<R>(run: () => R): () => R;
}

interface Pending<T> {
  item: T;
  resolve: (id: number) => void;
  reject: (error: Error) => void;
}

export interface GroupCommitSteps<T> {
  /** Stores a batch in one transaction; settles once it is committed, with each item's row id in order. */
  commit: (items: T[]) => Promise<number[]> | number[];
  /**
   * When a commit does not sync by itself: settles once what was committed before the call is on disk. The next
   * batch commits meanwhile; a batch's callers settle (and `onCommitted` runs) only after it.
   */
  durable?: () => Promise<void>;
  /** After a successful commit, with the batch's items and their row ids, in order. */
  onCommitted?: (batch: ReadonlyArray<Committed<T>>) => void;
  /**
   * Runs on this thread when no commit is under way, before each batch and after the last one (work
   * that needs the write lock while the commits run on another connection).
   */
  betweenBatches?: () => void;
  /** The most items one commit holds, so that one statement stays bounded; the rest go into the next. */
  largestBatch?: number;
}

export interface Committed<T> {
  item: T;
  id: number;
}

/** Commit steps for a writer on this thread: `write` each item inside one transaction of `db`. */
export function commitOnThisThread<T>(db: Transactional, write: (item: T) => number): (items: T[]) => number[] {
  return (items) => db.transaction(() => items.map(write))();
}

/**
 * Group commit: what is queued while a commit is under way (or during one turn of the event loop) goes
 * into the next commit, so one fsync serves many. Each caller's promise settles only after the commit
 * that holds its item (and, with `durable`, after its sync), so a caller that answers 2xx on resolve
 * answers only for durable rows; on a failed commit or sync every caller of that batch is rejected.
 */
export class GroupCommitWriter<T> {
  private queue: Array<Pending<T>> = [];
  private scheduled = false;
  private committing: Promise<void> | null = null;
  /** Committed batches waiting for `durable`. */
  private readonly syncing = new Set<Promise<void>>();

  constructor(private readonly steps: GroupCommitSteps<T>) {}

  /** Whether a commit is under way. */
  get busy(): boolean {
    return this.committing !== null;
  }

  enqueue(item: T): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Settles when no commit is under way (the next batch waits for the turn after). */
  async idle(): Promise<void> {
    await this.committing;
  }

  /** Commits everything queued, and waits for it (on close). */
  async drain(): Promise<void> {
    while (this.committing || this.queue.length > 0 || this.syncing.size > 0) {
      await (this.committing ?? (this.queue.length > 0 ? this.flush() : Promise.all(this.syncing)));
    }
  }

  private schedule(): void {
    if (this.scheduled || this.committing) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  private flush(): Promise<void> {
    this.scheduled = false;
    if (this.committing) return this.committing;
    this.steps.betweenBatches?.();
    const batch = this.queue.splice(0, this.steps.largestBatch ?? this.queue.length);
    if (batch.length === 0) return Promise.resolve();
    this.committing = this.commit(batch).finally(() => {
      this.committing = null;
      if (this.queue.length > 0) this.schedule();
      else this.steps.betweenBatches?.();
    });
    return this.committing;
  }

  private async commit(batch: Array<Pending<T>>): Promise<void> {
    let ids: number[];
    try {
      ids = await this.steps.commit(batch.map((p) => p.item));
    } catch (error) {
      return rejectAll(batch, error);
    }
    if (!this.steps.durable) return this.settle(batch, ids);
    // Not awaited: the next batch commits while this one is synced.
    const synced = this.steps.durable().then(
      () => this.settle(batch, ids),
      (error: unknown) => rejectAll(batch, error),
    );
    this.syncing.add(synced);
    void synced.finally(() => this.syncing.delete(synced));
  }

  private settle(batch: Array<Pending<T>>, ids: number[]): void {
    batch.forEach((p, i) => p.resolve(ids[i]!));
    this.steps.onCommitted?.(batch.map((p, i) => ({ item: p.item, id: ids[i]! })));
  }
}

function rejectAll<T>(batch: Array<Pending<T>>, error: unknown): void {
  const failure = error instanceof Error ? error : new Error(String(error));
  for (const p of batch) p.reject(failure);
}
