import { useEffect, useSyncExternalStore } from 'react';
import { useReconnected } from '../../hooks/useEventStream';
import { forwardStore, type ForwardState } from './forward-store';

/** The live-forward settings, read when first shown and again after a reconnect. */
export function useForwardSettings(): ForwardState {
  useEffect(() => {
    void forwardStore.load();
  }, []);
  useReconnected(() => void forwardStore.load());
  return useSyncExternalStore(forwardStore.subscribe, forwardStore.getSnapshot);
}
