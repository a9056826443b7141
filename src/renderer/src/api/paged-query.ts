import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryResult } from '@tanstack/react-query';

/** One page of a list paged down by a numeric cursor, newest first, and what else its call returns. */
export interface Page<T, X> {
  items: T[];
  extra: X;
  /** As many items as asked for: more may lie below. */
  full: boolean;
}

export interface PagedListState<T, X> {
  items: readonly T[];
  /** What the last page's call said beside its items. */
  extra: X | null;
  phase: 'loading' | 'ready' | 'error';
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
  /** Why the last page down failed; cleared by the next attempt. */
  pageError: unknown;
  loadMore: () => void;
  reload: () => void;
}

interface PagedCall<T, X> {
  queryKey: QueryKey;
  /** The page of `limit` items older than `before` (the newest when undefined). */
  fetch: (before: number | undefined, limit: number, signal: AbortSignal) => Promise<Page<T, X>>;
  /** An item's cursor: the next page asks for items before the last one's. */
  cursor: (item: T) => number;
  pageSize: number;
}

/**
 * A list paged down as the user scrolls (useInfiniteQuery). When a change event makes it stale
 * (api/query-invalidation.ts), every loaded page is read again from the top, the rows staying on screen
 * until the answers land.
 */
export function usePagedCall<T, X>({ queryKey, fetch, cursor, pageSize }: PagedCall<T, X>): PagedListState<T, X> {
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) => fetch(pageParam, pageSize, signal),
    getNextPageParam: (last) => {
      const oldest = last.items.at(-1);
      return last.full && oldest !== undefined ? cursor(oldest) : undefined;
    },
    select: (data) => flatten(data, cursor),
  });
  return pagedListState(query);
}

/** The pages as one list, each item once (a page read after arrivals may repeat the one above's last rows). */
function flatten<T, X>(data: InfiniteData<Page<T, X>, number | undefined>, cursor: (item: T) => number): { items: T[]; extra: X | null } {
  const items: T[] = [];
  for (const page of data.pages) {
    const tail = items.at(-1);
    for (const item of page.items) if (tail === undefined || cursor(item) < cursor(tail)) items.push(item);
  }
  return { items, extra: data.pages.at(-1)?.extra ?? null };
}

function pagedListState<T, X>(query: UseInfiniteQueryResult<{ items: T[]; extra: X | null }>): PagedListState<T, X> {
  const { data } = query;
  return {
    items: data?.items ?? [],
    extra: data?.extra ?? null,
    // A failed reload keeps the rows on screen; the next change tries again.
    phase: data !== undefined ? 'ready' : query.isError ? 'error' : 'loading',
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    pageError: query.isFetchNextPageError ? query.error : null,
    loadMore: () => {
      // A reload in flight gives way: the page down is what the user asked for.
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
    reload: () => void query.refetch(),
  };
}
