import { useEffect, useRef, useState } from 'react';
import type { DeliveryDetail } from '../../../../shared/delivery';
import { call, isAbort } from '../../api/client';
import { useServerEvent } from '../../hooks/useEventStream';

export type DetailState =
  | { phase: 'none' }
  | { phase: 'loading' }
  | { phase: 'ready'; detail: DeliveryDetail }
  | { phase: 'error'; error: unknown };

interface Loaded {
  id: number;
  version: number;
  result: { detail: DeliveryDetail } | { error: unknown };
}

const siblingRefreshDelayMs = 1_000;

/**
 * One delivery in full. Reloaded when verdicts are recomputed, and (at most once a
 * second) when new deliveries arrive while it has an idempotency key: a retry of it
 * may be among them.
 */
export function useDeliveryDetail(id: number | null): DetailState {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [version, setVersion] = useState(0);
  const siblingTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (id === null) return;
    const abort = new AbortController();
    call('deliveries.get', { id }, { signal: abort.signal }).then(
      (detail) => setLoaded({ id, version, result: { detail } }),
      (error: unknown) => {
        if (!isAbort(error)) setLoaded({ id, version, result: { error } });
      },
    );
    return () => abort.abort();
  }, [id, version]);

  useEffect(() => () => window.clearTimeout(siblingTimer.current), []);

  useServerEvent('deliveries.reanalyzed', () => setVersion((v) => v + 1));
  useServerEvent('deliveries.changed', () => {
    const current = loaded && 'detail' in loaded.result ? loaded.result.detail : null;
    if (!current?.idempotencyKey || current.id !== id || siblingTimer.current !== undefined) return;
    siblingTimer.current = window.setTimeout(() => {
      siblingTimer.current = undefined;
      setVersion((v) => v + 1);
    }, siblingRefreshDelayMs);
  });

  if (id === null) return { phase: 'none' };
  // A reload of the same delivery keeps showing the previous answer until the new one lands.
  if (!loaded || loaded.id !== id) return { phase: 'loading' };
  if ('detail' in loaded.result) return { phase: 'ready', detail: loaded.result.detail };
  return { phase: 'error', error: loaded.result.error };
}
