import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { DeliveryFilter, DeliveryOrder, DeliverySummary } from '../../../../shared/delivery';
import type { Send } from '../../api/send';
import { newestFirst, withArrivals, withGroupCounts } from './list-arrivals';
import { mergedTotal } from './list-total';

/**
 * The Deliveries list (without free text) as an infinite query: the top page, pages further down (`beforeId`)
 * as the user scrolls, and, as "previous" pages, what was stored since (`afterId`) on each change event, put
 * in its place in a list that stops growing past a bound (list-arrivals.ts). The library keeps an older
 * answer from landing over a newer one: a reload cancels the catch-up in flight, and an answer for another
 * filter lands in that filter's cache, not on screen.
 */

export type DeliveryPageParam = { kind: 'top'; limit: number } | { kind: 'older'; beforeId: number } | { kind: 'since'; afterId: number };

export interface DeliveryPage {
  kind: DeliveryPageParam['kind'];
  /** Newest first, in `order`. */
  items: DeliverySummary[];
  order: DeliveryOrder;
  latestId: number;
  total: number;
  totalCapped: boolean;
  /** As many as asked for: more may lie below (a catch-up this full may have skipped some: reload instead). */
  full: boolean;
}

export interface DeliveryList {
  items: readonly DeliverySummary[];
  order: DeliveryOrder;
  /** The newest delivery stored when the list was last read, matching or not: catch-ups fetch what came after. */
  latestId: number;
  total: number;
  totalCapped: boolean;
  hasMore: boolean;
}

export const pageSize = 200;
/** A catch-up that comes back this full may have skipped some: reload instead. */
export const catchUpLimit = 500;

export const deliveryPagesKey = (filter: DeliveryFilter) => ['deliveries.pages', filter] as const;

export function deliveryPagesQuery(filter: DeliveryFilter, send: Send) {
  return infiniteQueryOptions({
    queryKey: deliveryPagesKey(filter),
    initialPageParam: { kind: 'top', limit: pageSize } as DeliveryPageParam,
    queryFn: async ({ pageParam, signal }): Promise<DeliveryPage> => {
      const limit = pageParam.kind === 'top' ? pageParam.limit : pageParam.kind === 'since' ? catchUpLimit : pageSize;
      const cursor = pageParam.kind === 'older' ? { beforeId: pageParam.beforeId } : pageParam.kind === 'since' ? { afterId: pageParam.afterId } : {};
      const page = await send('deliveries.list', { filter, ...cursor, limit }, { signal });
      return { kind: pageParam.kind, ...page, items: page.items.sort(newestFirst(page.order)), full: page.items.length >= limit };
    },
    getNextPageParam: (_last, pages): DeliveryPageParam | undefined => {
      const list = mergedList(pages);
      const oldest = list.items.at(-1);
      return list.hasMore && oldest !== undefined ? { kind: 'older', beforeId: oldest.id } : undefined;
    },
    getPreviousPageParam: (_first, pages): DeliveryPageParam => ({ kind: 'since', afterId: mergedList(pages).latestId }),
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
  if (top === undefined) return { items: [], order: 'received', latestId: 0, total: 0, totalCapped: false, hasMore: false };
  const compare = newestFirst(top.order);
  let list: DeliveryList = { items: top.items, order: top.order, latestId: top.latestId, total: top.total, totalCapped: top.totalCapped, hasMore: top.full };
  // Pages further down, each below the rows above it.
  for (const page of pages.slice(firstRead + 1)) {
    const tail = list.items.at(-1);
    const older = page.items.filter((item) => tail === undefined || compare(item, tail) > 0);
    list = { ...list, items: older.length > 0 ? [...list.items, ...older] : list.items, ...mergedTotal(list, page), hasMore: page.full };
  }
  // What was stored since, oldest catch-up first, each put in its place.
  for (const page of pages.slice(0, firstRead).reverse()) {
    const arrivals = page.items.filter((item) => item.id > list.latestId);
    const { items, trimmed } = withArrivals(withGroupCounts(list.items, arrivals), arrivals, { compare, hasMore: list.hasMore });
    list = { ...list, items, latestId: Math.max(list.latestId, page.latestId), ...mergedTotal(list, page), hasMore: list.hasMore || trimmed };
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
  return { kind: 'top', items: [...list.items], order: list.order, latestId: list.latestId, total: list.total, totalCapped: list.totalCapped, full: list.hasMore };
}
