import { pageCacheTtlMs } from '../../../shared/page-cache-rules';
import type { ListEndpoint, ListPage, ListTarget } from '../../../shared/service-api';

const maxPages = 2_000;

/** A page as one UI session asked for it. */
export interface PageKey {
  /** The UI session (one page load of the UI); '' for callers without one. */
  session: string;
  target: ListTarget;
  page: number;
  limit: number;
}

interface Entry {
  endpoint: ListEndpoint;
  page: ListPage;
  storedAt: number;
}

/**
 * Pages read from the service, per UI session, endpoint, campaign, page and limit, each for `ttlMs`.
 * Per session, so a new page load of the UI never gets a page another one read as if it were current.
 */
export class PageCache {
  private readonly pages = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number = pageCacheTtlMs,
    private readonly now: () => number = Date.now,
  ) {}

  /** The page with how long ago it was stored; undefined when there is none or it expired. */
  get(key: PageKey): { page: ListPage; ageMs: number } | undefined {
    const id = idOf(key);
    const entry = this.pages.get(id);
    if (!entry) return undefined;
    const ageMs = Math.max(0, this.now() - entry.storedAt);
    if (ageMs >= this.ttlMs) {
      this.pages.delete(id);
      return undefined;
    }
    return { page: entry.page, ageMs };
  }

  set(key: PageKey, page: ListPage): void {
    const id = idOf(key);
    this.pages.delete(id);
    this.pages.set(id, { endpoint: key.target.endpoint, page, storedAt: this.now() });
    // A Map iterates in insertion order: the first key is the page stored longest ago.
    if (this.pages.size > maxPages) this.pages.delete(this.pages.keys().next().value!);
  }

  /** Drops every session's pages of these endpoints (their records changed). */
  forgetEndpoints(endpoints: readonly ListEndpoint[]): void {
    for (const [id, entry] of this.pages) {
      if (endpoints.includes(entry.endpoint)) this.pages.delete(id);
    }
  }

  clear(): void {
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }
}

function idOf({ session, target, page, limit }: PageKey): string {
  return JSON.stringify([session, target.endpoint, target.campaignId ?? null, page, limit]);
}
