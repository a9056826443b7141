import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { CoreStatus } from '../../../shared/contract';
import { call } from '../api/client';
import { callKey } from '../api/queries';
import { newerStatus, statusAsRead, withStored } from './status-merge';
import { useServerEvent } from './useEventStream';

export interface StatusState {
  status: CoreStatus | null;
  /** Why the status could not be read (e.g. a missing or stale token). */
  error: unknown;
  /** Take a status a settings call returned, without waiting for the event (unless a newer one came first). */
  replaceStatus: (status: CoreStatus) => void;
  /** Take a policy settings.setPolicy returned. */
  replacePolicy: (policy: CoreStatus['policy']) => void;
}

const statusKey = callKey('status.get', {});

/**
 * The core's status: read once, then kept current by `status.changed`, by the stored count each `deliveries.changed`
 * carries (the same event that grows the list), and by reading it again as deliveries arrive (api/query-invalidation.ts).
 */
export function useStatus(): StatusState {
  const queryClient = useQueryClient();
  // Counts the events that carried the stored count: a read sent before one of them may predate its delivery.
  const storedEvents = useRef(0);
  const query = useQuery({
    queryKey: statusKey,
    queryFn: async ({ signal }) => {
      const eventsBefore = storedEvents.current;
      const read = await call('status.get', {}, { signal });
      return statusAsRead(queryClient.getQueryData<CoreStatus>(statusKey), read, storedEvents.current !== eventsBefore);
    },
    staleTime: Infinity,
  });

  const update = useCallback(
    (change: (shown: CoreStatus | undefined) => CoreStatus | undefined) => queryClient.setQueryData<CoreStatus>(statusKey, change),
    [queryClient],
  );
  useServerEvent('deliveries.changed', ({ stored }) => {
    storedEvents.current++;
    update((shown) => shown && withStored(shown, stored));
  });
  const replaceStatus = useCallback((given: CoreStatus) => update((shown) => newerStatus(shown, given)), [update]);
  useServerEvent('status.changed', replaceStatus);
  const replacePolicy = useCallback((policy: CoreStatus['policy']) => update((shown) => shown && { ...shown, policy }), [update]);

  return { status: query.data ?? null, error: query.error, replaceStatus, replacePolicy };
}
