/** done of total (null while unknown); finished once, at the end, whatever happened. */
export type ProgressListener = (progress: { done: number; total: number | null; finished: boolean }) => void;

/** Counts items and tells the listener every `every` items, and once when finished. */
export class ProgressCounter {
  private count = 0;

  constructor(
    private readonly listener: ProgressListener,
    private readonly every: number,
    public total: number | null = null,
  ) {}

  get done(): number {
    return this.count;
  }

  advance(): void {
    this.count += 1;
    if (this.count % this.every === 0) this.listener({ done: this.count, total: this.total, finished: false });
  }

  finish(): void {
    this.listener({ done: this.count, total: this.total, finished: true });
  }
}

export const noProgress: ProgressListener = () => {};
