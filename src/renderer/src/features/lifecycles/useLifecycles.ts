import type { CallOutput } from '../../../../shared/contract';
import { call } from '../../api/client';
import { usePagedCall, type PagedListState } from '../../api/paged-query';
import type { LifecycleFilter } from '../../lib/route';

export type LifecycleItem = CallOutput<'lifecycles.list'>['items'][number];

/** Sends and streams matching the filter, the one with the newest delivery first. */
export function useLifecycles(filter: LifecycleFilter): PagedListState<LifecycleItem, null> {
  return usePagedCall({
    queryKey: ['lifecycles.list', 'pages', filter],
    fetch: async (beforeLastDeliveryId, limit, signal) => {
      const page = await call('lifecycles.list', { filter, beforeLastDeliveryId, limit }, { signal });
      return { items: page.items, extra: null, full: page.items.length === limit };
    },
    cursor: (lifecycle) => lifecycle.lastDeliveryId,
    pageSize: 200,
  });
}
