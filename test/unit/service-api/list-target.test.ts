import { describe, expect, it } from 'vitest';
import { normalizeTarget, pagePath } from '../../../src/main/core/service-api/list-target';
import { thrown } from './thrown';

describe('list targets and their paths', () => {
  it('builds the path with page and limit, the campaign id encoded into the catalog path', () => {
    expect(pagePath({ endpoint: '/api/orders' }, 2, 10)).toBe('/api/orders?page=2&limit=10');
    expect(pagePath({ endpoint: '/api/campaigns/:id/catalog', campaignId: 'c/1 ?' }, 1, 20)).toBe('/api/campaigns/c%2F1%20%3F/catalog?page=1&limit=20');
  });

  it('needs a campaign for the catalog, and drops it elsewhere', () => {
    const error = thrown(() => normalizeTarget({ endpoint: '/api/campaigns/:id/catalog' }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/needs a campaignId/);
    expect(thrown(() => normalizeTarget({ endpoint: '/api/campaigns/:id/catalog', campaignId: '  ' })).status).toBe(400);
    expect(normalizeTarget({ endpoint: '/api/orders', campaignId: 'x' })).toEqual({ endpoint: '/api/orders' });
  });

  it('keeps page at least 1 and both integers, and sends a limit outside 1..20 as asked', () => {
    for (const [page, limit] of [[0, 10], [1.5, 10], [1, 2.5]] as const) {
      expect(thrown(() => pagePath({ endpoint: '/api/orders' }, page, limit)).status).toBe(400);
    }
    expect(pagePath({ endpoint: '/api/orders' }, 1, 50)).toBe('/api/orders?page=1&limit=50');
    expect(pagePath({ endpoint: '/api/orders' }, 1, 0)).toBe('/api/orders?page=1&limit=0');
  });
});
