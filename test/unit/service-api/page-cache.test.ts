import { describe, expect, it } from 'vitest';
import { PageCache } from '../../../src/main/core/service-api/page-cache';
import type { ListPage } from '../../../src/shared/service-api';

describe('the page cache', () => {
  const page = (marker: number): ListPage => ({
    items: [marker],
    pagination: { currentPage: 1, pageItems: 1, totalCount: 1, totalPages: 1 },
    headerProblems: [],
    page: 1,
    limit: 10,
    fetchedAt: '2030-01-01T00:00:00.000Z',
    cached: false,
  });

  it('keys pages by endpoint, campaign, page and limit, until cleared', () => {
    const cache = new PageCache();
    const catalog = '/api/campaigns/:id/catalog' as const;
    cache.set({ endpoint: catalog, campaignId: 'a' }, 1, 10, page(1));
    cache.set({ endpoint: catalog, campaignId: 'b' }, 1, 10, page(2));
    cache.set({ endpoint: catalog, campaignId: 'a' }, 1, 20, page(3));
    expect(cache.get({ endpoint: catalog, campaignId: 'a' }, 1, 10)?.items).toEqual([1]);
    expect(cache.get({ endpoint: catalog, campaignId: 'b' }, 1, 10)?.items).toEqual([2]);
    expect(cache.get({ endpoint: catalog, campaignId: 'a' }, 1, 20)?.items).toEqual([3]);
    expect(cache.get({ endpoint: catalog, campaignId: 'a' }, 2, 10)).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
