import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { DeliveryFilter, DeliveryOrder, DeliverySummary } from '../../../../shared/delivery';
import type { DeliverySearchJob } from '../../../../shared/delivery-search';
import type { Send } from '../../api/send';
import { newestFirst, withArrivals, withGroupCounts } from './list-arrivals';
import { mergedTotal } from './list-total';
import type { DeliveryPage, DeliveryPageParam } from './delivery-page';
import { isTextSearch, searchPage, searchToEnd, searchTotal } from './search-pages';

export type { DeliveryPage, DeliveryPageParam } from './delivery-page';

/**
 * The Deliveries list as an infinite query: the top page, pages further down (`beforeId`) as the user scrolls,
 * and, as "previous" pages, what was stored since (`afterId`) on each change event, put in its place in a list
 * that stops growing past a bound (list-arrivals.ts). With free text the top and the pages further down are
 * search jobs, listed as they find their matches (search-pages.ts). The library keeps an older answer from
 * landing over a newer one: a reload cancels the catch-up in flight, and an answer for another filter lands in
 * that filter's cache, not on screen.
 */

export interface DeliveryList {
  items: readonly DeliverySummary[];
  order: DeliveryOrder;
  /** The newest delivery stored when the list was last read, matching or not: catch-ups fetch what came after. */
  latestId: number;
  total: number;
  totalCapped: boolean;
  hasMore: boolean;
  /** With free text: the search job of the last page asked for (a body-by-body one says how far it has got). */
  search: DeliverySearchJob | null;
}

export const pageSize = 200;
/** A catch-up that comes back this full may have skipped some: reload instead. */
export const catchUpLimit = 500;

export const deliveryPagesKey = (filter: DeliveryFilter) => ['deliveries.pages', filter] as const;

export function deliveryPagesQuery(filter: DeliveryFilter, send: Send) {
  return infiniteQueryOptions({
    queryKey: deliveryPagesKey(filter),
    initialPageParam: { kind: 'top', limit: pageSize } as DeliveryPageParam,
    queryFn: async (context): Promise<DeliveryPage> => {
      const { pageParam, signal } = context;
      const limit = pageParam.kind === 'top' ? pageParam.limit : pageParam.kind === 'since' ? catchUpLimit : pageSize;
      const cursor = pageParam.kind === 'older' ? { beforeId: pageParam.beforeId } : pageParam.kind === 'since' ? { afterId: pageParam.afterId } : {};
      if (isTextSearch(filter) && pageParam.kind !== 'since') return searchPage({ filter, ...cursor, limit }, context, send);
      if (isTextSearch(filter) && pageParam.kind === 'since' && pageParam.scanned) {
        // A body-by-body search catches up as a search of those few deliveries (the list's call would also count
        // the matches among the newest 20,000, body by body).
        const { job, items } = await searchToEnd({ filter, ...cursor, limit }, send, signal);
        if (job.state === 'failed') throw new Error(job.error ?? 'the search failed');
        return { kind: 'since', items, order: 'stored', latestId: job.latestId, total: items.length, totalCapped: true, full: items.length >= limit, search: null };
      }
      const page = await send('deliveries.list', { filter, ...cursor, limit }, { signal });
      return { kind: pageParam.kind, ...page, items: page.items.sort(newestFirst(page.order)), full: page.items.length >= limit, search: null };
    },
    getNextPageParam: (_last, pages): DeliveryPageParam | undefined => {
      const list = mergedList(pages);
      const oldest = list.items.at(-1);
      return list.hasMore && oldest !== undefined ? { kind: 'older', beforeId: list.search?.nextBeforeId ?? oldest.id } : undefined;
    },
    getPreviousPageParam: (_first, pages): DeliveryPageParam => {
      const list = mergedList(pages);
      return { kind: 'since', afterId: list.latestId, scanned: list.search?.scanned === true };
    },
    // The list is kept current by its catch-ups, never read again whole but by `reloadDeliveries`; a filter
    // left is forgotten, so coming back to it reads it afresh.
    staleTime: Infinity,
    gcTime: 0,
    select: (data) => mergedList(data.pages),
  });
}

const merged = new WeakMap<readonly DeliveryPage[], DeliveryList>();

/** The pages as the list shows them (computed once per set of pages). */
export function mergedList(pages: readonly DeliveryPage[]): DeliveryList {
  let list = merged.get(pages);
  if (!list) {
    list = mergePages(pages);
    merged.set(pages, list);
  }
  return list;
}

function mergePages(pages: readonly DeliveryPage[]): DeliveryList {
  const firstRead = pages.findIndex((page) => page.kind !== 'since');
  const top = pages[firstRead];
  if (top === undefined) return { items: [], order: 'received', latestId: 0, total: 0, totalCapped: false, hasMore: false, search: null };
  const compare = newestFirst(top.order);
  const { items, order, latestId, total, totalCapped, full, search } = top;
  let list: DeliveryList = { items, order, latestId, total, totalCapped, hasMore: full, search };
  // Pages further down, each below the rows above it (a match a catch-up already listed is not listed twice).
  for (const page of pages.slice(firstRead + 1)) {
    const tail = list.items.at(-1);
    const older = page.items.filter((item) => tail === undefined || compare(item, tail) > 0);
    const items = older.length > 0 ? [...list.items, ...older] : list.items;
    const total = page.search?.scanned ? searchTotal(page.search, items.length) : mergedTotal(list, page);
    list = { ...list, items, ...total, hasMore: page.full, search: page.search ?? list.search };
  }
  // What was stored since, oldest catch-up first, each put in its place.
  for (const page of pages.slice(0, firstRead).reverse()) {
    const arrivals = page.items.filter((item) => item.id > list.latestId);
    const { items, trimmed } = withArrivals(withGroupCounts(list.items, arrivals), arrivals, { compare, hasMore: list.hasMore });
    const total = list.search?.scanned ? { total: items.length, totalCapped: list.totalCapped } : mergedTotal(list, page);
    list = { ...list, items, latestId: Math.max(list.latestId, page.latestId), ...total, hasMore: list.hasMore || trimmed };
  }
  return list;
}

/** Catch-ups kept as pages of their own before they are folded into one. */
const foldAfter = 8;

/**
 * Reads the top of the list again, as many rows as are shown (up to a catch-up's worth), the rows staying on
 * screen until the answer lands; a catch-up or a page down in flight is canceled, so its answer never lands.
 */
export function reloadDeliveries(queryClient: QueryClient, filter: DeliveryFilter): Promise<void> {
  const key = deliveryPagesKey(filter);
  const data = queryClient.getQueryData<InfiniteData<DeliveryPage, DeliveryPageParam>>(key);
  if (data !== undefined) {
    const shown = mergedList(data.pages);
    const limit = Math.min(Math.max(shown.items.length, pageSize), catchUpLimit);
    queryClient.setQueryData(key, { pages: [asTopPage(shown)], pageParams: [{ kind: 'top', limit }] });
  }
  return queryClient.refetchQueries({ queryKey: key, exact: true });
}

/** Folds many catch-up pages into one top page (the list as shown), so that a list left open stays the same size. */
export function foldCatchUps(queryClient: QueryClient, filter: DeliveryFilter): void {
  const key = deliveryPagesKey(filter);
  const data = queryClient.getQueryData<InfiniteData<DeliveryPage, DeliveryPageParam>>(key);
  if (data === undefined || data.pages.filter((page) => page.kind === 'since').length < foldAfter) return;
  const shown = mergedList(data.pages);
  queryClient.setQueryData(key, { pages: [asTopPage(shown)], pageParams: [{ kind: 'top', limit: Math.min(Math.max(shown.items.length, pageSize), catchUpLimit) }] });
}

function asTopPage(list: DeliveryList): DeliveryPage {
  return { kind: 'top', items: [...list.items], order: list.order, latestId: list.latestId, total: list.total, totalCapped: list.totalCapped, full: list.hasMore, search: list.search };
}
