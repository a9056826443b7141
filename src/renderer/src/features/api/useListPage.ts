import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '../../../../shared/service-api';
import { call } from '../../api/client';
import { lastPageRead, listPageQuery, refreshListPage, type PageRequest } from './list-page-query';

export interface ListPageState {
  /** The answer for the request asked now; null while it loads or when it failed. */
  page: ListPage | null;
  /** When `page` arrived (this clock), to age it from its `ageMs`. */
  receivedAt: number | null;
  error: unknown;
  loading: boolean;
  /** The last page read of the same list and limit (for the number of pages while another one loads or fails). */
  lastGood: ListPage | null;
  /** Reads the page from the service again, past the cache. */
  refresh: () => void;
}

const none: PageRequest = { target: { endpoint: '/api/orders' }, page: 1, limit: 1 };

/** One page of a list of the service's API, from the core's cache of this UI session unless refreshed. */
export function useListPage(request: PageRequest | null): ListPageState {
  const queryClient = useQueryClient();
  const query = useQuery({ ...listPageQuery(request ?? none, call), enabled: request !== null });
  const read = query.isError ? null : (query.data ?? null);
  return {
    page: read?.page ?? null,
    receivedAt: read?.receivedAt ?? null,
    error: query.error,
    loading: request !== null && (query.isFetching || query.isPending),
    lastGood: request === null ? null : lastPageRead(queryClient, request),
    refresh: () => {
      if (request !== null) void refreshListPage(queryClient, request, call);
    },
  };
}
