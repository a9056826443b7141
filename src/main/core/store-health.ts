import type { StoreFailure } from '../../shared/contract';

/** While failures go on, the count shown is updated at most this often (a flood of refusals is one status a beat). */
const recountMs = 250;

/**
 * Whether deliveries are being stored: from a refused one (its senders answered 503) until the next one stored.
 * The UI shows it, so that a full or read-only disk is not left to the log.
 */
export class StoreHealth {
  private failure: StoreFailure | null = null;
  private changed: () => void = () => {};
  private recount: NodeJS.Timeout | null = null;

  /** Told of each change (the core's status, once it can be told): at once when failing starts or stops. */
  onChange(listener: () => void): void {
    this.changed = listener;
  }

  get current(): StoreFailure | null {
    return this.failure;
  }

  private failed(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    const first = this.failure === null;
    this.failure = { since: this.failure?.since ?? new Date().toISOString(), message, refused: (this.failure?.refused ?? 0) + 1 };
    if (first) this.changed();
    else this.recountSoon();
  }

  private stored(): void {
    if (this.failure === null) return;
    this.failure = null;
    this.changed();
  }

  /** Wraps a store call: its outcome says whether the store is healthy. */
  watch<T>(storing: Promise<T>): Promise<T> {
    return storing.then(
      (value) => {
        this.stored();
        return value;
      },
      (error: unknown) => {
        this.failed(error);
        throw error;
      },
    );
  }

  /** No more telling (the core is closing: the status can no longer be read). */
  stop(): void {
    if (this.recount) clearTimeout(this.recount);
    this.recount = null;
    this.changed = () => {};
  }

  private recountSoon(): void {
    if (this.recount) return;
    this.recount = setTimeout(() => {
      this.recount = null;
      this.changed();
    }, recountMs);
    this.recount.unref();
  }
}
