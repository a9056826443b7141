import { useEffect, useState, useSyncExternalStore } from 'react';
import { PagedListStore, type PagedListSnapshot, type PageSource } from '../lib/paged-list-store';
import { useDataChanged } from './useDataChanged';

export interface PagedListState<T, X> extends PagedListSnapshot<T, X> {
  loadMore: () => void;
  reload: () => void;
}

/** A live paged list for one filter (`key` names the filter), reloaded from the top as deliveries arrive. */
export function usePagedList<T, F, X>(source: PageSource<T, F, X>, filter: F, key: string): PagedListState<T, X> {
  const [store] = useState(() => new PagedListStore(source));

  useEffect(() => {
    store.setFilter(filter, key);
    // The key stands for the filter: a new filter object with the same key is the same list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, key]);
  useDataChanged(() => store.refresh());

  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { ...snapshot, loadMore: store.loadMore, reload: store.reload };
}
