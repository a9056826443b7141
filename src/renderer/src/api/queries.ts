import { QueryClient, skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CallInput, CallName, CallOutput } from '../../../shared/contract';
import { call } from './client';

/** The cache of the core's answers for the whole UI. Views reload when the event stream says (query-invalidation.ts). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A failed call is shown at once, with its own Retry; the core is on this machine.
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
    },
  });
}

export type CallState<T> =
  | { phase: 'none' }
  | { phase: 'loading' }
  | { phase: 'ready'; value: T }
  | { phase: 'error'; error: unknown };

/** The query key of one call's answer: a mutation's answer is set into the cache under it. */
export const callKey = <N extends CallName>(name: N, input: CallInput<N> | null) => [name, input] as const;

/**
 * One call of the contract as a query, keyed `[name, input]` (so that a change event invalidates it by its name):
 * its answer (input null: nothing asked), asked again when a change event makes it stale. A reload of
 * the same input keeps showing the previous answer until the new one lands; a later answer always wins.
 */
export function useCall<N extends CallName>(name: N, input: CallInput<N> | null): CallState<CallOutput<N>> {
  const result = useQuery({ queryKey: callKey(name, input), queryFn: input === null ? skipToken : ({ signal }) => call(name, input, { signal }) });
  return input === null ? { phase: 'none' } : callState(result);
}

function callState<T>(result: UseQueryResult<T>): CallState<T> {
  if (result.data !== undefined) return { phase: 'ready', value: result.data };
  if (result.isError) return { phase: 'error', error: result.error };
  return { phase: 'loading' };
}
