import type { Pagination } from '../../../shared/service-api';
import { isLimitInSpec, maxLimit } from './list-target';

/** Spec 2.6, in the order the problems are listed. */
const headerNames = {
  currentPage: 'current-page',
  pageItems: 'page-items',
  totalCount: 'total-count',
  totalPages: 'total-pages',
} as const satisfies Record<keyof Pagination, string>;

const integerText = /^-?\d+$/;

/** The four pagination headers, parsed; a missing or non-integer header is null and named in `problems`. */
export function parsePagination(headers: Pick<Headers, 'get'>): { pagination: Pagination; problems: string[] } {
  const problems: string[] = [];
  const read = (name: string): number | null => {
    const text = headers.get(name);
    if (text === null) {
      problems.push(`${name} header is missing`);
      return null;
    }
    const value = Number(text.trim());
    if (!integerText.test(text.trim()) || !Number.isSafeInteger(value)) {
      problems.push(`${name} header is not an integer: ${JSON.stringify(text.slice(0, 40))}`);
      return null;
    }
    return value;
  };
  const pagination = {
    currentPage: read(headerNames.currentPage),
    pageItems: read(headerNames.pageItems),
    totalCount: read(headerNames.totalCount),
    totalPages: read(headerNames.totalPages),
  };
  return { pagination, problems };
}

export interface PageAsked {
  page: number;
  limit: number;
  itemCount: number;
}

/** Where the parsed headers disagree with each other, with the request, or with the items received. */
export function paginationInconsistencies(p: Pagination, asked: PageAsked): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(headerNames) as Array<keyof Pagination>) {
    const value = p[key];
    if (value !== null && value < 0) problems.push(`${headerNames[key]} is negative (${value})`);
  }
  if (p.currentPage !== null && p.currentPage !== asked.page) {
    problems.push(`current-page is ${p.currentPage}, but page ${asked.page} was asked for`);
  }
  if (p.pageItems !== null && p.pageItems !== asked.itemCount) {
    problems.push(`page-items is ${p.pageItems}, but the body holds ${asked.itemCount} items`);
  }
  if (!isLimitInSpec(asked.limit)) {
    // The spec does not say how a service takes such a limit: show what it did rather than check it against the limit.
    const answered = `page-items ${p.pageItems ?? 'missing'} and total-pages ${p.totalPages ?? 'missing'}`;
    problems.unshift(`limit ${asked.limit} is outside the spec's 1..${maxLimit} (spec 8); the service answered it with ${answered}`);
    return problems;
  }
  if (asked.itemCount > asked.limit) problems.push(`the body holds ${asked.itemCount} items, more than the limit ${asked.limit}`);
  if (p.totalCount !== null && p.totalCount >= 0) {
    const expectedPages = Math.ceil(p.totalCount / asked.limit);
    if (p.totalPages !== null && p.totalPages !== expectedPages) {
      problems.push(`total-pages is ${p.totalPages}, but total-count ${p.totalCount} at limit ${asked.limit} makes ${expectedPages}`);
    }
    const expectedItems = Math.min(asked.limit, Math.max(0, p.totalCount - (asked.page - 1) * asked.limit));
    if (asked.itemCount !== expectedItems) {
      problems.push(`page ${asked.page} of ${p.totalCount} records at limit ${asked.limit} should hold ${expectedItems} items, not ${asked.itemCount}`);
    }
  }
  return problems;
}
