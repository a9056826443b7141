import { describe, expect, it } from 'vitest';
import { paginate } from 'payout-simulator/internal/api/pagination';

const items = Array.from({ length: 45 }, (_, i) => i + 1);

function page(query: string, list: readonly number[] = items) {
  return paginate(list, new URLSearchParams(query));
}

function error(message: string) {
  return { ok: false, status: 400, body: { message, status: 'error' } };
}

describe('pagination (spec 2.6, 4.4, 7, 8)', () => {
  it('defaults to page 1 and limit 10, with the four headers', () => {
    expect(page('')).toEqual({
      ok: true,
      items: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      headers: { 'current-page': '1', 'page-items': '10', 'total-count': '45', 'total-pages': '5' },
    });
  });

  it('serves a middle page and a partial last page', () => {
    expect(page('page=3')).toMatchObject({ items: [21, 22, 23, 24, 25, 26, 27, 28, 29, 30], headers: { 'current-page': '3', 'page-items': '10' } });
    expect(page('page=5')).toMatchObject({ items: [41, 42, 43, 44, 45], headers: { 'current-page': '5', 'page-items': '5', 'total-pages': '5' } });
    expect(page('page=3&limit=20')).toMatchObject({ items: [41, 42, 43, 44, 45], headers: { 'page-items': '5', 'total-pages': '3' } });
  });

  it('answers a page outside 1..total-pages with the exact 400 body', () => {
    expect(page('page=0')).toEqual(error('Pagination error: expected :page in 1..5; got 0'));
    expect(page('page=6')).toEqual(error('Pagination error: expected :page in 1..5; got 6'));
    expect(page('page=-2')).toEqual(error('Pagination error: expected :page in 1..5; got -2'));
    expect(page('page=99999999999999999999999')).toEqual(error('Pagination error: expected :page in 1..5; got 99999999999999999999999'));
    expect(page('page=3&limit=20')).toMatchObject({ ok: true });
    expect(page('page=4&limit=20')).toEqual(error('Pagination error: expected :page in 1..3; got 4'));
  });

  it('clamps a limit above 20 to 20, and the headers show the page applied', () => {
    expect(page('limit=500')).toMatchObject({ headers: { 'page-items': '20', 'total-pages': '3' } });
    expect(page('limit=21').ok && page('limit=21')).toMatchObject({ items: items.slice(0, 20) });
    expect(page('limit=20')).toMatchObject({ headers: { 'page-items': '20', 'total-pages': '3' } });
    expect(page('limit=1&page=45')).toMatchObject({ items: [45], headers: { 'total-pages': '45' } });
  });

  it('refuses a limit below 1 and non-integer pages and limits', () => {
    expect(page('limit=0')).toEqual(error('Pagination error: expected :limit in 1..20; got 0'));
    expect(page('limit=-5')).toEqual(error('Pagination error: expected :limit in 1..20; got -5'));
    expect(page('page=abc')).toEqual(error('Pagination error: expected :page to be an integer; got "abc"'));
    expect(page('page=1.5')).toEqual(error('Pagination error: expected :page to be an integer; got "1.5"'));
    expect(page('page=')).toEqual(error('Pagination error: expected :page to be an integer; got ""'));
    expect(page('page=%2B2')).toEqual(error('Pagination error: expected :page to be an integer; got "+2"'));
    expect(page('limit=ten')).toEqual(error('Pagination error: expected :limit to be an integer; got "ten"'));
    expect(page('limit=2e1')).toEqual(error('Pagination error: expected :limit to be an integer; got "2e1"'));
  });

  it('reads a zero-padded integer as that integer', () => {
    expect(page('page=002&limit=05')).toMatchObject({ items: [6, 7, 8, 9, 10], headers: { 'current-page': '2' } });
    expect(page('page=007')).toEqual(error('Pagination error: expected :page in 1..5; got 7'));
  });

  it('answers page 1 of an empty list with no items and total-pages 0; any other page is a 400', () => {
    expect(page('', [])).toEqual({
      ok: true,
      items: [],
      headers: { 'current-page': '1', 'page-items': '0', 'total-count': '0', 'total-pages': '0' },
    });
    expect(page('page=2', [])).toEqual(error('Pagination error: expected :page in 1..1; got 2'));
    expect(page('page=0', [])).toEqual(error('Pagination error: expected :page in 1..1; got 0'));
  });

  it('has total-pages 1 for an exact single page', () => {
    expect(page('', items.slice(0, 10))).toMatchObject({ headers: { 'total-pages': '1', 'page-items': '10' } });
    expect(page('page=2', items.slice(0, 10))).toEqual(error('Pagination error: expected :page in 1..1; got 2'));
  });
});
