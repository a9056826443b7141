import type { CallOutput } from '../../../../shared/contract';
import { call } from '../../api/client';
import { usePagedList, type PagedListState } from '../../hooks/usePagedList';
import type { PageSource } from '../../lib/paged-list-store';
import { lifecycleFilterKey, type LifecycleFilter } from '../../lib/route';

export type LifecycleItem = CallOutput<'lifecycles.list'>['items'][number];

const source: PageSource<LifecycleItem, LifecycleFilter, null> = {
  fetch: async (filter, beforeLastDeliveryId, limit) => {
    const page = await call('lifecycles.list', { filter, beforeLastDeliveryId, limit });
    return { items: page.items, extra: null };
  },
  cursor: (lifecycle) => lifecycle.lastDeliveryId,
  pageSize: 200,
  maxReload: 500,
};

/** Sends and streams matching the filter, the one with the newest delivery first. */
export function useLifecycles(filter: LifecycleFilter): PagedListState<LifecycleItem, null> {
  return usePagedList(source, filter, lifecycleFilterKey(filter));
}
