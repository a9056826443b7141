import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SimulatorBehaviour } from '../../../../shared/simulator';
import { useReconnected, useServerEvent } from '../../hooks/useEventStream';
import { SimulatorStateStore, type SimulatorSnapshot } from './simulator-state-store';

export interface SimulatorStateHook extends SimulatorSnapshot {
  reload: () => void;
  replaceBehaviour: (behaviour: SimulatorBehaviour) => void;
}

/** The simulator's live state: loaded on mount, reloaded (throttled) on `simulator.changed` and after a reconnect. */
export function useSimulatorState(): SimulatorStateHook {
  const [store] = useState(() => new SimulatorStateStore());
  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);
  useServerEvent('simulator.changed', () => store.request());
  useReconnected(() => store.request());

  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { ...snapshot, reload: store.request, replaceBehaviour: (behaviour) => store.replaceBehaviour(behaviour) };
}
