import type { DeliverySearchJob, DeliverySearchPage } from '../../../../shared/delivery-search';
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
  let running = started.state === 'running';
  void (async () => {
    for (let from = 0; running && !stopped; ) {
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
