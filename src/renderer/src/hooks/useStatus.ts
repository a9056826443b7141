import { useCallback, useEffect, useRef, useState } from 'react';
import type { CoreStatus, EventPayload } from '../../../shared/contract';
import { call } from '../api/client';
import { useReconnected, useServerEvent } from './useEventStream';

export interface StatusState {
  status: CoreStatus | null;
  /** Why the status could not be read (e.g. a missing or stale token). */
  error: unknown;
  /** Take a status a settings call returned, without waiting for the event (unless a newer one came first). */
  replaceStatus: (status: CoreStatus) => void;
  /** Take a policy settings.setPolicy returned. */
  replacePolicy: (policy: CoreStatus['policy']) => void;
  refresh: () => Promise<void>;
}

type Stored = EventPayload<'deliveries.changed'>['stored'];

/** The fail-next countdown moves with every delivery: re-read the status at most this often while they arrive. */
const refreshWhileReceivingMs = 1_000;

/** The status with what the store keeps as of a commit. */
function withStored(status: CoreStatus, stored: Stored): CoreStatus {
  return { ...status, deliveryCount: stored.deliveries, retention: { ...status.retention, kept: stored } };
}

/** Whether `next` was read in the core before `current`: an answer or event that arrived after a newer one. */
const isStale = (current: CoreStatus | null, next: CoreStatus) => current !== null && next.revision < current.revision;

/**
 * The core's status: loaded once, then kept current by `status.changed`, by the stored count each `deliveries.changed`
 * carries (the same event that grows the list), and by re-reading it as deliveries arrive.
 */
export function useStatus(): StatusState {
  const [status, setStatus] = useState<CoreStatus | null>(null);
  const [error, setError] = useState<unknown>(null);
  // Counts events that carried the stored count: a read sent before one of them may predate its delivery.
  const storedEvents = useRef(0);

  const refresh = useCallback(() => {
    const eventsBefore = storedEvents.current;
    return call('status.get', {}).then(
      (next) => {
        setStatus((current) => {
          if (isStale(current, next)) return current;
          return current !== null && storedEvents.current !== eventsBefore ? withStored(next, current.retention.kept) : next;
        });
        setError(null);
      },
      (failure: unknown) => setError(failure),
    );
  }, []);

  const refreshTimer = useRef<number | undefined>(undefined);
  useEffect(() => {
    void refresh();
    return () => {
      window.clearTimeout(refreshTimer.current);
      refreshTimer.current = undefined;
    };
  }, [refresh]);
  useServerEvent('deliveries.changed', ({ stored }) => {
    storedEvents.current++;
    setStatus((current) => (current === null ? current : withStored(current, stored)));
    if (refreshTimer.current !== undefined) return;
    refreshTimer.current = window.setTimeout(() => {
      refreshTimer.current = undefined;
      void refresh();
    }, refreshWhileReceivingMs);
  });
  const replaceStatus = useCallback((next: CoreStatus) => setStatus((current) => (isStale(current, next) ? current : next)), []);
  useServerEvent('status.changed', (next) => {
    replaceStatus(next);
    setError(null);
  });
  useReconnected(() => void refresh());

  const replacePolicy = useCallback((policy: CoreStatus['policy']) => setStatus((current) => (current ? { ...current, policy } : current)), []);

  return { status, error, replaceStatus, replacePolicy, refresh };
}
