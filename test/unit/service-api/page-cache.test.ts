import { describe, expect, it } from 'vitest';
import { PageCache, type PageKey } from '../../../src/main/core/service-api/page-cache';
import type { ListPage, ListTarget } from '../../../src/shared/service-api';

describe('the page cache', () => {
  const page = (marker: number): ListPage => ({
    request: 'GET /api/orders?page=1&limit=10',
    items: [marker],
    pagination: { currentPage: 1, pageItems: 1, totalCount: 1, totalPages: 1 },
    headerProblems: [],
    page: 1,
    limit: 10,
    fetchedAt: '2030-01-01T00:00:00.000Z',
    cached: false,
    ageMs: 0,
  });
  const key = (target: ListTarget, pageNumber = 1, limit = 10, session = 's1'): PageKey => ({ session, target, page: pageNumber, limit });
  const itemsOf = (cache: PageCache, k: PageKey) => cache.get(k)?.page.items;

  it('keys pages by UI session, endpoint, campaign, page and limit, until cleared', () => {
    const cache = new PageCache();
    const catalog = '/api/campaigns/:id/catalog' as const;
    cache.set(key({ endpoint: catalog, campaignId: 'a' }), page(1));
    cache.set(key({ endpoint: catalog, campaignId: 'b' }), page(2));
    cache.set(key({ endpoint: catalog, campaignId: 'a' }, 1, 20), page(3));
    expect(itemsOf(cache, key({ endpoint: catalog, campaignId: 'a' }))).toEqual([1]);
    expect(itemsOf(cache, key({ endpoint: catalog, campaignId: 'b' }))).toEqual([2]);
    expect(itemsOf(cache, key({ endpoint: catalog, campaignId: 'a' }, 1, 20))).toEqual([3]);
    expect(cache.get(key({ endpoint: catalog, campaignId: 'a' }, 2))).toBeUndefined();
    expect(cache.get(key({ endpoint: catalog, campaignId: 'a' }, 1, 10, 's2'))).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('serves a page with its age until the time to live has passed', () => {
    let now = 1_000;
    const cache = new PageCache(60_000, () => now);
    const orders = key({ endpoint: '/api/orders' });
    cache.set(orders, page(1));
    now += 59_999;
    expect(cache.get(orders)).toEqual({ page: page(1), ageMs: 59_999 });
    now += 1;
    expect(cache.get(orders)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets the pages of the given endpoints in every session', () => {
    const cache = new PageCache();
    cache.set(key({ endpoint: '/api/payouts' }, 1, 10, 's1'), page(1));
    cache.set(key({ endpoint: '/api/payouts' }, 2, 10, 's2'), page(2));
    cache.set(key({ endpoint: '/api/campaigns' }), page(3));
    cache.forgetEndpoints(['/api/payouts', '/api/orders']);
    expect(cache.size).toBe(1);
    expect(itemsOf(cache, key({ endpoint: '/api/campaigns' }))).toEqual([3]);
  });
});
