import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { pacedSize } from '../paced-size';
import type { DeliverySummary } from '../../../shared/delivery';
import type { DeliverySearchJob, DeliverySearchPage, DeliverySearchStart } from '../../../shared/delivery-search';
import type { StoreReader } from '../store/reader';

/** Each stretch of a scan holds the event loop about this long: receiving and the UI's calls run between stretches. */
const stretchTargetMs = 4;
const firstStretchRows = 1_000;
const minStretchRows = 100;
const maxStretchRows = 50_000;
/** A waiting page call hears of progress alone at most this often (matches and the end at once). */
const progressEveryMs = 100;
/** Finished jobs kept for `page` (their matches, at most a page each, stay in memory until then). */
const keptJobs = 20;

class SearchJobNotFound extends Error {
  readonly status = 404;
}

interface Run {
  job: DeliverySearchJob;
  items: DeliverySummary[];
  /** Resolved at the next change a waiting page call should hear of. */
  waiters: Array<() => void>;
  lastNotified: number;
}

/**
 * Free-text searches as jobs (`deliveries.search.*`). A text an index takes is answered at once by
 * `listDeliveries`; a text none takes is searched body by body, newest first, in short stretches of ids
 * (each sized to hold the event loop about `stretchTargetMs`, yielding between them), until a page of matches
 * is found or the oldest delivery is searched. Matches and progress are read with `page`, which can wait for them.
 */
export class DeliverySearchJobs {
  private readonly runs = new Map<string, Run>();

  constructor(private readonly store: StoreReader) {}

  async start(input: DeliverySearchStart): Promise<DeliverySearchJob> {
    const { filter, beforeId, afterId, limit } = input;
    const scanned = this.store.textSearchMode(filter.text) === 'scan';
    const run: Run = {
      job: {
        jobId: randomUUID(),
        state: 'running',
        scanned,
        found: 0,
        searched: 0,
        toSearch: 0,
        reachedAt: null,
        total: 0,
        totalCapped: false,
        nextBeforeId: null,
        latestId: 0,
        error: null,
      },
      items: [],
      waiters: [],
      lastNotified: 0,
    };
    try {
      if (!scanned) {
        const page = await this.store.listDeliveries({ filter, beforeId, afterId, limit });
        run.items = page.items;
        const count = page.items.length;
        Object.assign(run.job, {
          state: 'done',
          found: count,
          total: page.total,
          totalCapped: page.totalCapped,
          nextBeforeId: count === limit ? page.items[count - 1]!.id : null,
          latestId: page.latestId,
        });
      } else {
        const { oldestId: oldest, latestId } = await this.store.storedIdRange();
        // An empty store: nothing to search (its range reads 0 to 0).
        const oldestId = Math.max(latestId === 0 ? 1 : oldest, (afterId ?? 0) + 1);
        const belowId = Math.min(beforeId ?? latestId + 1, latestId + 1);
        run.job.latestId = latestId;
        run.job.toSearch = Math.max(0, belowId - oldestId);
        run.job.totalCapped = true;
        void this.scan(run, input, oldestId, belowId);
      }
    } catch (error) {
      this.fail(run, error);
    }
    this.runs.set(run.job.jobId, run);
    this.forgetOldJobs();
    return { ...run.job };
  }

  /** The job and its matches from the `from`-th; a running job's answer waits up to `waitMs` for something new. */
  async page(jobId: string, from: number, waitMs: number): Promise<DeliverySearchPage> {
    const run = this.find(jobId);
    if (waitMs > 0 && run.job.state === 'running' && run.items.length <= from) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        run.waiters.push(resolve);
        timer = setTimeout(resolve, waitMs);
      });
      clearTimeout(timer);
    }
    return { job: { ...run.job }, items: run.items.slice(from) };
  }

  /** Stops a running job, keeping what it found; a finished one is returned as it is. */
  cancel(jobId: string): DeliverySearchJob {
    const run = this.find(jobId);
    if (run.job.state === 'running') {
      run.job.state = 'canceled';
      this.notify(run);
    }
    return { ...run.job };
  }

  cancelAll(): void {
    for (const run of this.runs.values()) if (run.job.state === 'running') this.cancel(run.job.jobId);
  }

  private async scan(run: Run, { filter, limit }: DeliverySearchStart, oldestId: number, startBelowId: number): Promise<void> {
    const { job } = run;
    let belowId = startBelowId;
    let rows = firstStretchRows;
    try {
      while (belowId > oldestId && job.state === 'running') {
        const fromId = Math.max(oldestId, belowId - rows);
        const started = performance.now();
        const stretch = await this.store.scanForText(filter, fromId, belowId);
        const tookMs = performance.now() - started;
        // Canceled while the stretch was read: what it found is not added.
        if ((job.state as DeliverySearchJob['state']) !== 'running') return;
        const room = limit - run.items.length;
        const kept = stretch.items.slice(0, room);
        run.items.push(...kept);
        if (stretch.oldestReceivedAt !== null) job.reachedAt = new Date(stretch.oldestReceivedAt).toISOString();
        if (stretch.items.length >= room) {
          // A full page: searched down to its last match, the rest is the next page's.
          const last = kept.at(-1)!;
          job.searched = startBelowId - last.id;
          job.reachedAt = last.receivedAt;
          job.nextBeforeId = last.id;
          break;
        }
        job.searched = startBelowId - fromId;
        job.found = run.items.length;
        job.total = job.found;
        this.changed(run, kept.length > 0);
        belowId = fromId;
        rows = pacedSize(rows, tookMs, stretchTargetMs, minStretchRows, maxStretchRows);
        await yieldToEventLoop();
      }
      if ((job.state as DeliverySearchJob['state']) !== 'running') return;
      job.found = run.items.length;
      job.total = job.found;
      job.totalCapped = job.nextBeforeId !== null;
      job.state = 'done';
      this.notify(run);
    } catch (error) {
      this.fail(run, error);
    }
  }

  private fail(run: Run, error: unknown): void {
    run.job.state = 'failed';
    run.job.error = error instanceof Error ? error.message : String(error);
    this.notify(run);
  }

  /** Tells waiting page calls: always of matches, of progress alone at most every `progressEveryMs`. */
  private changed(run: Run, found: boolean): void {
    if (found || performance.now() - run.lastNotified >= progressEveryMs) this.notify(run);
  }

  private notify(run: Run): void {
    run.lastNotified = performance.now();
    const waiters = run.waiters;
    run.waiters = [];
    for (const resolve of waiters) resolve();
  }

  private find(jobId: string): Run {
    const run = this.runs.get(jobId);
    if (!run) throw new SearchJobNotFound(`no search job ${jobId}`);
    return run;
  }

  private forgetOldJobs(): void {
    for (const [jobId, run] of this.runs) {
      if (this.runs.size <= keptJobs) return;
      if (run.job.state !== 'running') this.runs.delete(jobId);
    }
  }
}
