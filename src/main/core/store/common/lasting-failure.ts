import type { UpkeepFailure } from '../../../../shared/contract';
import type { Logger } from '../../logger';

/** A failure that has gone on this long (from the start of the first failed attempt) is lasting, not a hiccup. */
export const lastingAfterMs = 2_000;
/** Waits between retries while failing: short at first, then a steady pace. */
const retryDelaysMs = [250, 500, 1_000, 2_000, 5_000];

export interface LastingFailureOptions {
  log: Logger;
  now?: () => number;
}

/**
 * Background upkeep of the store (derivation, checkpoints) that is retried until it succeeds: a failure a retry
 * overcomes is nobody's business; one that lasts (a full disk, another program holding the lock) is logged once
 * with its cause, shown while it lasts (`current`), and logged once more when it is over.
 */
export class LastingFailure {
  private firstStartedAt: number | null = null;
  private failures = 0;
  private lasting: UpkeepFailure | null = null;
  private listeners: Array<() => void> = [];
  private readonly now: () => number;

  /** `says` words the log lines: what fails ("… cannot be updated"), and what works again ("… are up to date again"). */
  constructor(
    private readonly says: { failing: string; recovered: string },
    private readonly options: LastingFailureOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** The lasting failure, or null while the upkeep works (or has only just started failing). */
  get current(): UpkeepFailure | null {
    return this.lasting;
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** An attempt that began at `startedAt` failed; returns how long to wait before the next one. */
  failed(error: unknown, startedAt = this.now()): number {
    const message = error instanceof Error ? error.message : String(error);
    this.firstStartedAt ??= startedAt;
    this.failures += 1;
    if (this.lasting === null && this.now() - this.firstStartedAt >= lastingAfterMs) {
      this.lasting = { since: new Date(this.firstStartedAt).toISOString(), message };
      this.options.log.warn(`store: ${this.says.failing} (${message}); retrying until it works`);
      this.changed();
    } else if (this.lasting !== null && this.lasting.message !== message) {
      // The same failure goes on (one line); the status shows its latest cause.
      this.lasting = { ...this.lasting, message };
      this.changed();
    }
    return retryDelaysMs[Math.min(this.failures - 1, retryDelaysMs.length - 1)]!;
  }

  /** An attempt succeeded: a lasting failure is over. */
  succeeded(): void {
    const lasting = this.lasting;
    this.firstStartedAt = null;
    this.failures = 0;
    this.lasting = null;
    if (lasting === null) return;
    const seconds = Math.round((this.now() - Date.parse(lasting.since)) / 1000);
    this.options.log.info(`store: ${this.says.recovered} (after ${seconds} s)`);
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
