import type { DeliverySearchJob, DeliverySearchPage } from '../../../../shared/delivery-search';
import type { CallInput } from '../../../../shared/contract';
import { call } from '../../api/client';

/** How long one page call may wait for something new from a running job. */
const waitMs = 2_000;

export interface SearchJobFollower {
  /** Stops following; a job still running is canceled on the core (nobody reads it any more). */
  stop(): void;
}

/**
 * Follows a search job from its start: each page call waits for what is new (matches, progress, the end) and
 * hands it over, until the job ends or `stop`.
 */
export function followSearchJob(
  started: DeliverySearchJob,
  onPage: (page: DeliverySearchPage) => void,
  onError: (error: unknown) => void,
): SearchJobFollower {
  let stopped = false;
  // A job answered at once (an index's) is done when it starts: its page is read all the same.
  let running = started.state === 'running';
  void (async () => {
    for (let from = 0, first = true; (first || running) && !stopped; first = false) {
      try {
        const page = await call('deliveries.search.page', { jobId: started.jobId, from, waitMs });
        if (stopped) return;
        from += page.items.length;
        running = page.job.state === 'running';
        onPage(page);
      } catch (error) {
        if (!stopped) onError(error);
        return;
      }
    }
  })();
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      if (running) void call('deliveries.search.cancel', { jobId: started.jobId }).catch(() => {});
    },
  };
}

/** A search run to its end (a catch-up over the few deliveries stored since): the job as it ended and all it found. */
export async function searchToEnd(input: CallInput<'deliveries.search.start'>): Promise<DeliverySearchPage> {
  let job = await call('deliveries.search.start', input);
  const items: DeliverySearchPage['items'] = [];
  for (;;) {
    const page = await call('deliveries.search.page', { jobId: job.jobId, from: items.length, waitMs });
    items.push(...page.items);
    job = page.job;
    if (job.state !== 'running') return { job, items };
  }
}
