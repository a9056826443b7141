import { useCallback, useEffect, useState } from 'react';
import type { ReplayRecord } from '../../../../shared/replay';
import { call, isAbort } from '../../api/client';
import { useReconnected, useServerEvent } from '../../hooks/useEventStream';

export interface ReplaysState {
  /** Newest first; null until the first answer. */
  items: ReplayRecord[] | null;
  error: unknown;
  reload: () => void;
}

/** The replays and forwards of one delivery, kept current by `replays.changed`. */
export function useReplays(deliveryId: number): ReplaysState {
  const [items, setItems] = useState<ReplayRecord[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    const abort = new AbortController();
    call('replay.list', { deliveryId }, { signal: abort.signal }).then(
      (list) => {
        setItems(list.items);
        setError(null);
      },
      (failure: unknown) => {
        if (!isAbort(failure)) setError(failure);
      },
    );
    return () => abort.abort();
  }, [deliveryId, version]);

  useServerEvent('replays.changed', (changed) => {
    if (changed.deliveryId === deliveryId) reload();
  });
  useReconnected(reload);

  return { items, error, reload };
}
