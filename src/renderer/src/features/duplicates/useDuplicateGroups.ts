import type { CallOutput } from '../../../../shared/contract';
import type { DeliveryIdEvidence } from '../../../../shared/lifecycle';
import { call } from '../../api/client';
import { usePagedCall, type PagedListState } from '../../api/paged-query';

export type DuplicateGroupItem = CallOutput<'duplicates.list'>['items'][number];
export interface DuplicatesExtra {
  total: number;
  evidence: DeliveryIdEvidence;
}

/** Duplicate groups, the one with the newest copy first, with the X-Service-Delivery evidence. */
export function useDuplicateGroups(): PagedListState<DuplicateGroupItem, DuplicatesExtra> {
  return usePagedCall({
    queryKey: ['duplicates.list', 'pages'],
    fetch: async (beforeLastId, limit, signal) => {
      const page = await call('duplicates.list', { beforeLastId, limit }, { signal });
      return { items: page.items, extra: { total: page.total, evidence: page.evidence }, full: page.items.length === limit };
    },
    cursor: (group) => group.lastId,
    pageSize: 100,
  });
}
