import type { CallOutput } from '../../../../shared/contract';
import type { DeliveryIdEvidence } from '../../../../shared/lifecycle';
import { call } from '../../api/client';
import { usePagedList, type PagedListState } from '../../hooks/usePagedList';
import type { PageSource } from '../../lib/paged-list-store';

export type DuplicateGroupItem = CallOutput<'duplicates.list'>['items'][number];
export interface DuplicatesExtra {
  total: number;
  evidence: DeliveryIdEvidence;
}

const source: PageSource<DuplicateGroupItem, Record<string, never>, DuplicatesExtra> = {
  fetch: async (_filter, beforeLastId, limit) => {
    const page = await call('duplicates.list', { beforeLastId, limit });
    return { items: page.items, extra: { total: page.total, evidence: page.evidence } };
  },
  cursor: (group) => group.lastId,
  pageSize: 100,
  maxReload: 200,
};

const noFilter = {};

/** Duplicate groups, the one with the newest copy first, with the X-Service-Delivery evidence. */
export function useDuplicateGroups(): PagedListState<DuplicateGroupItem, DuplicatesExtra> {
  return usePagedList(source, noFilter, 'all');
}
