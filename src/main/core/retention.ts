import { RetentionLimits, unlimitedRetention, type RetentionStatus } from '../../shared/retention';
import type { InspectorStore, SettingsStore } from './store/inspector-store';
import { limitsSet } from './store';
import type { Logger } from './logger';

export interface RetentionOptions {
  store: InspectorStore;
  settings: SettingsStore;
  /** `serve --keep-days/--keep-size`: in force for this run, in place of the saved limits, until Settings sets others. */
  commandLine?: RetentionLimits;
  /** After a pass that pruned, or a change of limits. */
  onChange: () => void;
  log: Logger;
  /** Deliveries per transaction: a short one, so the receiver's commits never wait long behind it. */
  batchRows?: number;
  /** Between two batches, for the receiver's turns (and commits). */
  pauseMs?: number;
  /** How often the limits are checked with no delivery arriving (time moves past keepDays). */
  checkEveryMs?: number;
}

const defaultBatchRows = 200;
const defaultPauseMs = 20;
const defaultCheckEveryMs = 60_000;
const retryMs = 250;

/**
 * Retention: prunes the oldest deliveries past the limits in the background, a small batch at a time with pauses
 * between, started after commits (a size limit crossed) and on a timer (a day limit reached).
 */
export class Retention {
  private limits: RetentionLimits;
  private setBy: RetentionStatus['setBy'];
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: RetentionOptions) {
    const saved = options.settings.read('retention', RetentionLimits);
    this.limits = options.commandLine ?? saved ?? unlimitedRetention;
    this.setBy = options.commandLine ? 'command_line' : 'settings';
    options.store.onCommitted(() => {
      if (this.overSize()) this.prune();
    });
    this.timer = setInterval(() => this.prune(), options.checkEveryMs ?? defaultCheckEveryMs).unref();
  }

  status(): RetentionStatus {
    const counts = this.options.store.retention.counts();
    return {
      limits: this.limits,
      setBy: this.setBy,
      kept: { deliveries: counts.deliveries, bytes: counts.bytes },
      pruned: { count: counts.pruned, lastAt: counts.lastPrunedAt === null ? null : new Date(counts.lastPrunedAt).toISOString() },
    };
  }

  /** Saves the limits and applies them now (over the command line's for the rest of the run). */
  set(limits: RetentionLimits): void {
    this.options.settings.write('retention', limits);
    this.limits = limits;
    this.setBy = 'settings';
    this.options.onChange();
    this.prune();
  }

  /** Starts a pass unless one is under way (which then runs again, as the limits may have moved). */
  prune(): void {
    if (this.closed || !limitsSet(this.limits)) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.prune();
      }
    });
  }

  /** Waits for the pass under way, if any (tests, the benchmark). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async pass(): Promise<void> {
    const { store, log } = this.options;
    let pruned = 0;
    let reported = Date.now();
    try {
      while (!this.closed) {
        const removed = await store.retention.pruneBatch(this.limits, this.options.batchRows ?? defaultBatchRows);
        if (removed === 0) break;
        pruned += removed;
        // A long pass says how far it has got, once a second.
        if (Date.now() - reported > 1_000) {
          reported = Date.now();
          this.options.onChange();
        }
        await new Promise((resolve) => setTimeout(resolve, this.options.pauseMs ?? defaultPauseMs));
      }
    } catch (error) {
      log.warn(`store: pruning stopped (${(error as Error).message}); will try again`);
    }
    if (pruned > 0) {
      log.info(`store: pruned ${pruned} deliveries past the retention limits`);
      this.options.onChange();
    }
    // Still over the size with nothing prunable: the oldest are not derived yet (a burst); try again shortly.
    if (this.overSize()) setTimeout(() => this.prune(), retryMs).unref();
  }

  private overSize(): boolean {
    return this.limits.keepBytes !== null && this.options.store.retention.counts().bytes > this.limits.keepBytes;
  }
}
