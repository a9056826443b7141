import type { FetchAllJob, ListPage, ListTarget } from '../../../shared/service-api';
import { ServiceApiClient } from './client';
import { FetchAllJobs } from './fetch-all';
import type { ServiceAccess } from './http-request';
import { normalizeTarget, pagePath } from './list-target';
import { PageCache } from './page-cache';
import { RateLimiter, realClock, type Clock } from './rate-limiter';

export interface ServiceApiOptions {
  /** Per request (default 10 s). */
  timeoutMs?: number;
  /** Client-side limit on requests to the service (default 5 per second). */
  requestsPerSecond?: number;
  clock?: Clock;
}

/** The service API as the UI uses it: the client, this session's page cache, and fetch-all jobs. */
export class ServiceApiSession {
  readonly client: ServiceApiClient;
  readonly fetchAll: FetchAllJobs;
  private readonly cache = new PageCache();
  /** Bumped when the connection changes, so a page asked of the previous service is not cached. */
  private generation = 0;

  constructor(access: () => ServiceAccess | null, publish: (job: FetchAllJob) => void, options: ServiceApiOptions = {}) {
    this.client = new ServiceApiClient({
      access,
      timeoutMs: options.timeoutMs,
      limiter: new RateLimiter(options.requestsPerSecond, options.clock ?? realClock),
    });
    this.fetchAll = new FetchAllJobs({
      readPage: (target, page, limit, signal) => this.client.listPage(target, page, limit, signal),
      publish,
    });
  }

  /** A page from this session's cache, else from the service (always from the service with `refresh`). */
  async listPage(target: ListTarget, page: number, limit: number, refresh = false): Promise<ListPage> {
    const normalized = normalizeTarget(target);
    const cached = refresh ? undefined : this.cache.get(normalized, page, limit);
    if (cached) return { ...cached, cached: true };
    const generation = this.generation;
    const fetched = await this.client.listPage(normalized, page, limit);
    if (generation === this.generation) this.cache.set(normalized, page, limit, fetched);
    return fetched;
  }

  /** Checks the target, the limit and that a service is there before the job starts. */
  startFetchAll(target: ListTarget, limit: number): FetchAllJob {
    const normalized = normalizeTarget(target);
    pagePath(normalized, 1, limit);
    this.client.requireAccess();
    return this.fetchAll.start(normalized, limit);
  }

  /** Another service, or another token: its pages and running jobs are not this one's. */
  connectionChanged(): void {
    this.generation++;
    this.cache.clear();
    this.fetchAll.cancelAll();
  }

  close(): void {
    this.fetchAll.cancelAll();
  }
}
