import { describe, expect, it } from 'vitest';
import { paginationInconsistencies, parsePagination } from '../../../src/main/core/service-api/pagination-headers';

function headers(values: Record<string, string>): Headers {
  return new Headers(values);
}

const complete = { 'current-page': '2', 'page-items': '10', 'total-count': '45', 'total-pages': '5' };

describe('the pagination headers (spec 2.6)', () => {
  it('parses the four headers', () => {
    expect(parsePagination(headers(complete))).toEqual({
      pagination: { currentPage: 2, pageItems: 10, totalCount: 45, totalPages: 5 },
      problems: [],
    });
  });

  it('names each header that is missing or not an integer, and leaves it null', () => {
    const { pagination, problems } = parsePagination(headers({ 'current-page': '2', 'page-items': 'ten', 'total-count': '4.5' }));
    expect(pagination).toEqual({ currentPage: 2, pageItems: null, totalCount: null, totalPages: null });
    expect(problems).toEqual([
      'page-items header is not an integer: "ten"',
      'total-count header is not an integer: "4.5"',
      'total-pages header is missing',
    ]);
  });

  it('finds nothing wrong with consistent headers, the last partial page and an empty list', () => {
    const ok = (pagination: Record<string, number>, page: number, limit: number, itemCount: number) =>
      paginationInconsistencies({ currentPage: null, pageItems: null, totalCount: null, totalPages: null, ...pagination }, { page, limit, itemCount });
    expect(ok({ currentPage: 2, pageItems: 10, totalCount: 45, totalPages: 5 }, 2, 10, 10)).toEqual([]);
    expect(ok({ currentPage: 5, pageItems: 5, totalCount: 45, totalPages: 5 }, 5, 10, 5)).toEqual([]);
    expect(ok({ currentPage: 1, pageItems: 0, totalCount: 0, totalPages: 0 }, 1, 10, 0)).toEqual([]);
    expect(ok({}, 3, 10, 10)).toEqual([]);
  });

  it('flags headers that disagree with the request, the items or each other', () => {
    const problems = paginationInconsistencies(
      { currentPage: 3, pageItems: 9, totalCount: 45, totalPages: 4 },
      { page: 2, limit: 10, itemCount: 10 },
    );
    expect(problems).toEqual([
      'current-page is 3, but page 2 was asked for',
      'page-items is 9, but the body holds 10 items',
      'total-pages is 4, but total-count 45 at limit 10 makes 5',
    ]);
  });

  it('flags a page holding more or fewer items than total-count leaves for it', () => {
    expect(paginationInconsistencies({ currentPage: 5, pageItems: 10, totalCount: 45, totalPages: 5 }, { page: 5, limit: 10, itemCount: 10 })).toEqual([
      'page 5 of 45 records at limit 10 should hold 5 items, not 10',
    ]);
    expect(paginationInconsistencies({ currentPage: 1, pageItems: 25, totalCount: 45, totalPages: 5 }, { page: 1, limit: 10, itemCount: 25 })).toEqual([
      'the body holds 25 items, more than the limit 10',
      'page 1 of 45 records at limit 10 should hold 10 items, not 25',
    ]);
    expect(paginationInconsistencies({ currentPage: 1, pageItems: 1, totalCount: -1, totalPages: 1 }, { page: 1, limit: 10, itemCount: 1 })).toEqual([
      'total-count is negative (-1)',
    ]);
  });

  it('says how the service took a limit outside 1..20 instead of checking the page against it', () => {
    expect(paginationInconsistencies({ currentPage: 1, pageItems: 20, totalCount: 45, totalPages: 3 }, { page: 1, limit: 50, itemCount: 20 })).toEqual([
      "limit 50 is outside the spec's 1..20 (spec 8); the service answered it with page-items 20 and total-pages 3",
    ]);
    expect(paginationInconsistencies({ currentPage: 2, pageItems: null, totalCount: 45, totalPages: null }, { page: 1, limit: 0, itemCount: 0 })).toEqual([
      "limit 0 is outside the spec's 1..20 (spec 8); the service answered it with page-items missing and total-pages missing",
      'current-page is 2, but page 1 was asked for',
    ]);
  });
});
