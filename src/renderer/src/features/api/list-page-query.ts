import type { QueryClient } from '@tanstack/react-query';
import type { ListPage, ListTarget } from '../../../../shared/service-api';
import type { Send } from '../../api/send';
import { uiSession } from '../../api/ui-session';

export interface PageRequest {
  target: ListTarget;
  page: number;
  limit: number;
}

/** A page as read, and when it arrived (this clock), to age it from its `ageMs`. */
export interface ReadPage {
  page: ListPage;
  receivedAt: number;
}

/** The pages of one list at one limit share this key's start; a page's key carries every input of its call. */
const listKey = ({ target, limit }: Pick<PageRequest, 'target' | 'limit'>) => ['api.listPage', target.endpoint, target.campaignId ?? null, limit] as const;
const pageKey = (request: PageRequest) => [...listKey(request), request.page] as const;

/**
 * One page of a list of the service's API, from the core's cache of this UI session (`refresh`: from the service).
 * An answer lands under its own page's key: a page asked for earlier never shows in place of the one asked for now.
 */
export function listPageQuery(request: PageRequest, send: Send, refresh = false) {
  return {
    queryKey: pageKey(request),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<ReadPage> => {
      const page = await send('api.listPage', { ...request.target, page: request.page, limit: request.limit, refresh, session: uiSession }, { signal });
      return { page, receivedAt: Date.now() };
    },
  };
}

/** Reads the page from the service again, past the core's cache; a read of it still on its way is dropped, never shown after. */
export async function refreshListPage(queryClient: QueryClient, request: PageRequest, send: Send): Promise<void> {
  await queryClient.cancelQueries({ queryKey: pageKey(request), exact: true });
  await queryClient.fetchQuery({ ...listPageQuery(request, send, true), staleTime: 0 }).catch(() => {});
}

/** The page of the same list and limit read last (for the number of pages while another one loads or fails). */
export function lastPageRead(queryClient: QueryClient, request: PageRequest): ListPage | null {
  let last: ReadPage | undefined;
  for (const [, read] of queryClient.getQueriesData<ReadPage>({ queryKey: listKey(request) })) {
    if (read && (last === undefined || read.receivedAt >= last.receivedAt)) last = read;
  }
  return last?.page ?? null;
}
