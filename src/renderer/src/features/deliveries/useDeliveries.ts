import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from 'react';
import type { DeliveryFilter } from '../../../../shared/delivery';
import { call } from '../../api/client';
import { useReconnected, useServerEvent } from '../../hooks/useEventStream';
import { filterKey } from '../../lib/route';
import { deliveryPagesKey, deliveryPagesQuery, foldCatchUps, reloadDeliveries, type DeliveryPage, type DeliveryPageParam } from './delivery-pages';
import { DeliveryListStore, type DeliveryListSnapshot } from './delivery-list-store';

export interface DeliveriesState extends DeliveryListSnapshot {
  loadMore: () => void;
  reload: () => void;
  cancelSearch: () => void;
}

/** The live, paged deliveries list for a filter: a search job's when it has free text. */
export function useDeliveries(filter: DeliveryFilter): DeliveriesState {
  const key = filterKey(filter);
  const searching = filter.text !== undefined && filter.text !== '';
  const listed = useDeliveryPages(searching ? null : (JSON.parse(key) as DeliveryFilter), key);
  const searched = useDeliverySearch(searching ? key : null);
  return searching ? searched : listed;
}

const noop = () => {};

/**
 * The list read by `deliveries.list` (delivery-pages.ts): on every change event, what was stored since is
 * fetched as one more page; at most one fetch is in flight, and events that come meanwhile fold into one more.
 */
function useDeliveryPages(filter: DeliveryFilter | null, key: string): DeliveriesState {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({ ...deliveryPagesQuery(filter ?? {}, call), enabled: filter !== null });
  const catchUpAgain = useRef(false);

  const catchUp = (latestId?: number) => {
    if (filter === null) return;
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

  const reload = () => {
    if (filter !== null) void reloadDeliveries(queryClient, filter);
  };
  useServerEvent('deliveries.changed', ({ latestId }) => catchUp(latestId));
  useServerEvent('deliveries.reanalyzed', reload);
  useReconnected(() => catchUp());

  const list = query.data;
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
    search: null,
    loadMore: () => {
      if (!query.hasNextPage || query.isFetchingNextPage) return;
      // A catch-up in flight gives way to the page down, and runs again after it.
      if (query.isFetching) catchUpAgain.current = true;
      void query.fetchNextPage();
    },
    reload,
    cancelSearch: noop,
  };
}

/** A text search's list: its search job's pages (delivery-list-store.ts). */
function useDeliverySearch(key: string | null): DeliveriesState {
  const [store] = useState(() => new DeliveryListStore());
  useEffect(() => {
    if (key === null) store.dispose();
    else store.setFilter(JSON.parse(key) as DeliveryFilter);
  }, [store, key]);
  useEffect(() => () => store.dispose(), [store]);
  useServerEvent('deliveries.changed', ({ latestId }) => {
    if (key !== null) store.catchUp(latestId);
  });
  useServerEvent('deliveries.reanalyzed', () => {
    if (key !== null) store.reload();
  });
  useReconnected(() => {
    if (key !== null) store.catchUp();
  });

  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { ...snapshot, loadMore: store.loadMore, reload: store.reload, cancelSearch: store.cancelSearch };
}
