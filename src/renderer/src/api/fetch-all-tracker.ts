import type { FetchAllJob, ListTarget } from '../../../shared/service-api';
import { endpointPath } from '../lib/api-endpoints';
import { Listeners } from '../lib/listeners';
import { call } from './client';
import type { ServerEventStream } from './server-events';

/**
 * What the UI knows of each fetch-all job, from `api.fetchAll` events. Kept for the whole
 * session (a job runs on while its view is closed), and caught up after a reconnect.
 * Events can come before `api.fetchAll.start` has answered: they are recorded all the same.
 */
export class FetchAllTracker {
  private readonly jobs = new Map<string, FetchAllJob>();
  private readonly listeners = new Listeners();
  /** The API browser's last job of each list (by its request path): a list shows its own job, never another list's. */
  private readonly browserJobIds = new Map<string, string>();

  constructor(stream: ServerEventStream) {
    stream.on('api.fetchAll', (job) => this.update(job));
    stream.onReconnected(() => void this.catchUp());
  }

  readonly subscribe = this.listeners.add;

  get(jobId: string | null): FetchAllJob | null {
    return jobId === null ? null : (this.jobs.get(jobId) ?? null);
  }

  browserJob(target: ListTarget): FetchAllJob | null {
    return this.get(this.browserJobIds.get(listPath(target)) ?? null);
  }

  /** Makes `job` the one the API browser shows for its list. */
  setBrowserJob(job: FetchAllJob): void {
    this.update(job);
    this.browserJobIds.set(listPath(job.target), job.jobId);
    this.listeners.notify();
  }

  /** Takes a newer snapshot; an older one (a late `start` answer, a page before the last) is ignored. */
  update(job: FetchAllJob): void {
    const known = this.jobs.get(job.jobId);
    if (known && (known.state !== 'running' || job.pagesDone < known.pagesDone)) return;
    this.jobs.set(job.jobId, job);
    this.listeners.notify();
  }

  /** Resolves with the job once it is no longer running. */
  finished(jobId: string): Promise<FetchAllJob> {
    return new Promise((resolve) => {
      const check = () => {
        const job = this.jobs.get(jobId);
        if (!job || job.state === 'running') return false;
        unsubscribe();
        resolve(job);
        return true;
      };
      const unsubscribe = this.subscribe(() => void check());
      check();
    });
  }

  private async catchUp(): Promise<void> {
    const running = [...this.jobs.values()].filter((job) => job.state === 'running');
    for (const job of running) {
      try {
        this.update((await call('api.fetchAll.items', { jobId: job.jobId })).job);
      } catch {
        this.update({ ...job, state: 'failed', error: 'The inspector core lost this job (did it restart?).' });
      }
    }
  }
}

function listPath(target: ListTarget): string {
  return endpointPath(target.endpoint, target.campaignId ?? null);
}

const trackers = new WeakMap<ServerEventStream, FetchAllTracker>();

/** One tracker per event stream (the app has one). */
export function fetchAllTracker(stream: ServerEventStream): FetchAllTracker {
  let tracker = trackers.get(stream);
  if (!tracker) {
    tracker = new FetchAllTracker(stream);
    trackers.set(stream, tracker);
  }
  return tracker;
}
