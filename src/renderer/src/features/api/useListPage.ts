import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListPage, ListTarget } from '../../../../shared/service-api';
import { call, isAbort } from '../../api/client';
import { uiSession } from '../../api/ui-session';

export interface PageRequest {
  target: ListTarget;
  page: number;
  limit: number;
}

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

interface Loaded {
  key: string;
  result: { page: ListPage; receivedAt: number } | { error: unknown };
}

/** One page of a list of the service's API, from the core's cache of this UI session unless refreshed. */
export function useListPage(request: PageRequest | null): ListPageState {
  const key = request === null ? null : JSON.stringify([request.target.endpoint, request.target.campaignId ?? null, request.page, request.limit]);
  const listKey = request === null ? null : JSON.stringify([request.target.endpoint, request.target.campaignId ?? null, request.limit]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [lastGood, setLastGood] = useState<{ listKey: string; page: ListPage } | null>(null);
  const [loadingKey, setLoadingKey] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const latest = useRef(request);
  useEffect(() => {
    latest.current = request;
  });

  const load = useCallback((refresh: boolean) => {
    const current = latest.current;
    if (current === null) return;
    const requestKey = JSON.stringify([current.target.endpoint, current.target.campaignId ?? null, current.page, current.limit]);
    const requestListKey = JSON.stringify([current.target.endpoint, current.target.campaignId ?? null, current.limit]);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setLoadingKey(requestKey);
    call('api.listPage', { ...current.target, page: current.page, limit: current.limit, refresh, session: uiSession }, { signal: controller.signal }).then(
      (page) => {
        setLoaded({ key: requestKey, result: { page, receivedAt: Date.now() } });
        setLastGood({ listKey: requestListKey, page });
        setLoadingKey(null);
      },
      (error: unknown) => {
        if (isAbort(error)) return;
        setLoaded({ key: requestKey, result: { error } });
        setLoadingKey(null);
      },
    );
  }, []);

  useEffect(() => {
    if (key === null) return;
    load(false);
    return () => abort.current?.abort();
  }, [key, load]);

  const current = loaded !== null && loaded.key === key ? loaded.result : null;
  return {
    page: current !== null && 'page' in current ? current.page : null,
    receivedAt: current !== null && 'page' in current ? current.receivedAt : null,
    error: current !== null && 'error' in current ? current.error : null,
    loading: key !== null && (loadingKey === key || current === null),
    lastGood: lastGood !== null && lastGood.listKey === listKey ? lastGood.page : null,
    refresh: useCallback(() => load(true), [load]),
  };
}
