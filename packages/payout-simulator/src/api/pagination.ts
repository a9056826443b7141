/** Spec 4.4 and 8: `page` defaults to 1, `limit` to 10 and is at most 20. */
export const defaultLimit = 10;
export const maxLimit = 20;

export interface PageHeaders {
  'current-page': string;
  'page-items': string;
  'total-count': string;
  'total-pages': string;
}

export type PageResult<T> =
  | { ok: true; items: T[]; headers: PageHeaders }
  | { ok: false; status: 400; body: { message: string; status: 'error' } };

const integerText = /^-?\d+$/;

function paginationError(message: string): PageResult<never> {
  return { ok: false, status: 400, body: { message: `Pagination error: ${message}`, status: 'error' } };
}

/**
 * One page of `items` for the query's `page` and `limit`. A limit above 20 is clamped to 20 (the
 * headers show the page that was applied); a limit below 1 or a non-integer page or limit is a 400.
 * An empty list has total-pages 0, yet page 1 still answers with no items, so the 400 message names
 * the pages that answer: 1..max(1, total-pages).
 */
export function paginate<T>(items: readonly T[], query: URLSearchParams): PageResult<T> {
  const pageText = query.get('page');
  const limitText = query.get('limit');
  if (pageText !== null && !integerText.test(pageText)) {
    return paginationError(`expected :page to be an integer; got ${JSON.stringify(pageText)}`);
  }
  if (limitText !== null && !integerText.test(limitText)) {
    return paginationError(`expected :limit to be an integer; got ${JSON.stringify(limitText)}`);
  }
  // BigInt keeps a huge or zero-padded page exact in the message ("007" reads back as 7).
  const requestedLimit = limitText === null ? BigInt(defaultLimit) : BigInt(limitText);
  if (requestedLimit < 1n) return paginationError(`expected :limit in 1..${maxLimit}; got ${requestedLimit}`);
  const limit = requestedLimit > BigInt(maxLimit) ? maxLimit : Number(requestedLimit);
  const totalPages = Math.ceil(items.length / limit);
  const lastAnswering = Math.max(1, totalPages);
  const page = pageText === null ? 1n : BigInt(pageText);
  if (page < 1n || page > BigInt(lastAnswering)) {
    return paginationError(`expected :page in 1..${lastAnswering}; got ${page}`);
  }
  const start = (Number(page) - 1) * limit;
  const pageItems = items.slice(start, start + limit);
  return {
    ok: true,
    items: pageItems,
    headers: {
      'current-page': String(page),
      'page-items': String(pageItems.length),
      'total-count': String(items.length),
      'total-pages': String(totalPages),
    },
  };
}
