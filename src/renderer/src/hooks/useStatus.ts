import { useCallback, useEffect, useRef, useState } from 'react';
import type { CoreStatus } from '../../../shared/contract';
import { call } from '../api/client';
import { useReconnected, useServerEvent } from './useEventStream';

export interface StatusState {
  status: CoreStatus | null;
  /** Why the status could not be read (e.g. a missing or stale token). */
  error: unknown;
  /** Take a status a settings call returned, without waiting for the event. */
  replaceStatus: (status: CoreStatus) => void;
  /** Take a policy settings.setPolicy returned. */
  replacePolicy: (policy: CoreStatus['policy']) => void;
  refresh: () => Promise<void>;
}

/** The fail-next countdown and the stored count move with every delivery: re-read at most this often while they arrive. */
const refreshWhileReceivingMs = 1_000;

/** The core's status: loaded once, then kept current by `status.changed` and by re-reading it as deliveries arrive. */
export function useStatus(): StatusState {
  const [status, setStatus] = useState<CoreStatus | null>(null);
  const [error, setError] = useState<unknown>(null);

  const refresh = useCallback(
    () =>
      call('status.get', {}).then(
        (next) => {
          setStatus(next);
          setError(null);
        },
        (failure: unknown) => setError(failure),
      ),
    [],
  );

  const refreshTimer = useRef<number | undefined>(undefined);
  useEffect(() => {
    void refresh();
    return () => window.clearTimeout(refreshTimer.current);
  }, [refresh]);
  useServerEvent('deliveries.changed', () => {
    if (refreshTimer.current !== undefined) return;
    refreshTimer.current = window.setTimeout(() => {
      refreshTimer.current = undefined;
      void refresh();
    }, refreshWhileReceivingMs);
  });
  useServerEvent('status.changed', (next) => {
    setStatus(next);
    setError(null);
  });
  useReconnected(() => void refresh());

  const replacePolicy = useCallback((policy: CoreStatus['policy']) => setStatus((current) => (current ? { ...current, policy } : current)), []);

  return { status, error, replaceStatus: setStatus, replacePolicy, refresh };
}
