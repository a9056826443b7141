import type { ListPage, ListTarget } from '../../../shared/service-api';

const maxPages = 2_000;

/** Pages fetched this session, per (endpoint, campaignId, page, limit). Cleared when the service changes. */
export class PageCache {
  private readonly pages = new Map<string, ListPage>();

  get(target: ListTarget, page: number, limit: number): ListPage | undefined {
    return this.pages.get(keyOf(target, page, limit));
  }

  set(target: ListTarget, page: number, limit: number, value: ListPage): void {
    const key = keyOf(target, page, limit);
    this.pages.delete(key);
    this.pages.set(key, value);
    // A Map iterates in insertion order: the first key is the page stored longest ago.
    if (this.pages.size > maxPages) this.pages.delete(this.pages.keys().next().value!);
  }

  clear(): void {
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }
}

function keyOf(target: ListTarget, page: number, limit: number): string {
  return JSON.stringify([target.endpoint, target.campaignId ?? null, page, limit]);
}
