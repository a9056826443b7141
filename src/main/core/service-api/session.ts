import { listsChangedByPayoutOrders } from '../../../shared/page-cache-rules';
import type { FetchAllJob, ListPage, ListTarget, PayoutOrderRequest } from '../../../shared/service-api';
import { ServiceApiClient, type PayoutOrderAnswer } from './client';
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
  /** How long a page is served from the cache (default 60 s). */
  pageTtlMs?: number;
  clock?: Clock;
}

export interface PageOptions {
  /** Read it from the service even when a cached page is there. */
  refresh?: boolean;
  /** The UI session asking (one page load of the UI): it is served only pages it read itself. */
  session?: string;
}

/** The service API as the UI uses it: the client, this session's page cache, and fetch-all jobs. */
export class ServiceApiSession {
  readonly client: ServiceApiClient;
  readonly fetchAll: FetchAllJobs;
  private readonly cache: PageCache;
  /** Bumped when the connection changes or payout orders are created, so a page asked before is not cached. */
  private generation = 0;

  constructor(access: () => ServiceAccess | null, publish: (job: FetchAllJob) => void, options: ServiceApiOptions = {}) {
    const clock = options.clock ?? realClock;
    this.cache = new PageCache(options.pageTtlMs, () => clock.now());
    this.client = new ServiceApiClient({
      access,
      timeoutMs: options.timeoutMs,
      limiter: new RateLimiter(options.requestsPerSecond, clock),
    });
    this.fetchAll = new FetchAllJobs({
      readPage: (target, page, limit, signal) => this.client.listPage(target, page, limit, signal),
      publish,
    });
  }

  /** A page from the UI session's cache while it is fresh enough, else from the service (always from the service with `refresh`). */
  async listPage(target: ListTarget, page: number, limit: number, { refresh = false, session = '' }: PageOptions = {}): Promise<ListPage> {
    const key = { session, target: normalizeTarget(target), page, limit };
    const hit = refresh ? undefined : this.cache.get(key);
    if (hit) return { ...hit.page, cached: true, ageMs: Math.round(hit.ageMs) };
    const generation = this.generation;
    const fetched = await this.client.listPage(key.target, page, limit);
    if (generation === this.generation) this.cache.set(key, fetched);
    return fetched;
  }

  /** POST /api/payout-orders; the lists it changes are read from the service again, in every UI session. */
  async createPayoutOrder(request: PayoutOrderRequest): Promise<PayoutOrderAnswer> {
    try {
      return await this.client.createPayoutOrder(request);
    } finally {
      // Even a timeout or a 5xx may have created it.
      this.payoutOrdersCreated();
    }
  }

  /** Payout orders were created (here, or by the embedded simulator's demo): their lists are no longer current. */
  payoutOrdersCreated(): void {
    this.generation++;
    this.cache.forgetEndpoints(listsChangedByPayoutOrders);
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
