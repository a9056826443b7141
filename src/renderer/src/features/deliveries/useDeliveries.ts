import { useEffect, useState, useSyncExternalStore } from 'react';
import type { DeliveryFilter } from '../../../../shared/delivery';
import { useReconnected, useServerEvent } from '../../hooks/useEventStream';
import { filterKey } from '../../lib/route';
import { DeliveryListStore, type DeliveryListSnapshot } from './delivery-list-store';

export interface DeliveriesState extends DeliveryListSnapshot {
  loadMore: () => void;
  reload: () => void;
  cancelSearch: () => void;
}

/** The live, paged deliveries list for a filter. */
export function useDeliveries(filter: DeliveryFilter): DeliveriesState {
  const [store] = useState(() => new DeliveryListStore());
  const key = filterKey(filter);

  useEffect(() => {
    store.setFilter(JSON.parse(key) as DeliveryFilter);
  }, [store, key]);
  useEffect(() => () => store.dispose(), [store]);
  useServerEvent('deliveries.changed', ({ latestId }) => store.catchUp(latestId));
  useServerEvent('deliveries.reanalyzed', () => store.reload());
  useReconnected(() => store.catchUp());

  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { ...snapshot, loadMore: store.loadMore, reload: store.reload, cancelSearch: store.cancelSearch };
}
