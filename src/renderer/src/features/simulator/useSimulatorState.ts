import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SimulatorBehaviour, SimulatorState } from '../../../../shared/simulator';
import { call } from '../../api/client';

export interface SimulatorStateHook {
  state: SimulatorState | null;
  /** Why the last load failed; the last good state stays shown meanwhile. */
  error: unknown;
  reload: () => void;
  /** Take the behaviour simulator.configure returned, without waiting for the next load. */
  replaceBehaviour: (behaviour: SimulatorBehaviour) => void;
}

const stateKey = ['simulator.state', {}] as const;

/** The simulator's live state: loaded on mount, reloaded on `simulator.changed` and after a reconnect (api/query-invalidation.ts). */
export function useSimulatorState(): SimulatorStateHook {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: stateKey, queryFn: ({ signal }) => call('simulator.state', {}, { signal }) });
  return {
    state: query.data ?? null,
    error: query.error,
    reload: () => void query.refetch(),
    replaceBehaviour: (behaviour) => queryClient.setQueryData<SimulatorState>(stateKey, (state) => (state?.running ? { ...state, behaviour } : state)),
  };
}
