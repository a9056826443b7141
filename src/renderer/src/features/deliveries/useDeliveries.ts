import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { DeliveryFilter } from '../../../../shared/delivery';
import { call } from '../../api/client';
import { useReconnected, useServerEvent } from '../../hooks/useEventStream';
import { filterKey } from '../../lib/route';
import { deliveryPagesKey, deliveryPagesQuery, foldCatchUps, reloadDeliveries, type DeliveryList, type DeliveryPage, type DeliveryPageParam } from './delivery-pages';

export interface DeliveriesState extends DeliveryList {
  /** The filter (its `filterKey`) the list is for; null before the first. */
  filterKey: string | null;
  phase: 'loading' | 'ready' | 'error';
  error: unknown;
  loadingMore: boolean;
  /** Why the last page down failed; cleared by the next attempt. */
  pageError: unknown;
  loadMore: () => void;
  reload: () => void;
  /** Stops the search in progress (a body-by-body one), keeping what it found. */
  cancelSearch: () => void;
}

/** The live, paged deliveries list for a filter: with free text, its search jobs' pages. */
export function useDeliveries(filter: DeliveryFilter): DeliveriesState {
  const key = filterKey(filter);
  return useDeliveryPages(JSON.parse(key) as DeliveryFilter, key);
}

/**
 * The list of delivery-pages.ts: on every change event, what was stored since is fetched as one more page; at
 * most one fetch is in flight (a search still finding its matches included), and events that come meanwhile fold
 * into one more.
 */
function useDeliveryPages(filter: DeliveryFilter, key: string): DeliveriesState {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(deliveryPagesQuery(filter, call));
  const catchUpAgain = useRef(false);

  const catchUp = (latestId?: number) => {
    if (latestId !== undefined && query.data !== undefined && latestId <= query.data.latestId) return;
    if (query.data === undefined || query.isFetching) {
      catchUpAgain.current = true;
      return;
    }
    void query.fetchPreviousPage().then(() => {
      const pages = queryClient.getQueryData<InfiniteData<DeliveryPage, DeliveryPageParam>>(deliveryPagesKey(filter))?.pages;
      const caughtUp = pages?.[0];
      if (caughtUp?.kind === 'since' && caughtUp.full) void reloadDeliveries(queryClient, filter);
      else foldCatchUps(queryClient, filter);
    });
  };
  const catchUpWhatCameMeanwhile = useEffectEvent(() => {
    if (query.isFetching || !catchUpAgain.current) return;
    catchUpAgain.current = false;
    catchUp();
  });
  useEffect(() => catchUpWhatCameMeanwhile(), [query.isFetching]);

  const reload = () => void reloadDeliveries(queryClient, filter);
  useServerEvent('deliveries.changed', ({ latestId }) => catchUp(latestId));
  useServerEvent('deliveries.reanalyzed', reload);
  useReconnected(() => catchUp());

  const list = query.data;
  const search = list?.search ?? null;
  return {
    filterKey: list === undefined ? null : key,
    items: list?.items ?? [],
    order: list?.order ?? 'received',
    latestId: list?.latestId ?? 0,
    total: list?.total ?? 0,
    totalCapped: list?.totalCapped ?? false,
    // A failed catch-up keeps the rows on screen: the next event or the reconnect tries again.
    phase: list !== undefined ? 'ready' : query.isError ? 'error' : 'loading',
    error: list === undefined ? query.error : null,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    pageError: query.isFetchNextPageError ? query.error : null,
    search,
    loadMore: () => {
      if (!query.hasNextPage || query.isFetchingNextPage) return;
      // A catch-up in flight gives way to the page down, and runs again after it.
      if (query.isFetching) catchUpAgain.current = true;
      void query.fetchNextPage();
    },
    reload,
    // The job ends at the core; the page following it then ends with what it found.
    cancelSearch: () => {
      if (search?.state === 'running') void call('deliveries.search.cancel', { jobId: search.jobId }).catch(() => {});
    },
  };
}
