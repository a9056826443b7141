import { useEffect, useSyncExternalStore } from 'react';
import type { ForwardSettings } from '../../../../shared/replay';
import { useReconnected } from '../../hooks/useEventStream';
import { forwardStore } from './forward-store';

export interface ForwardState {
  settings: ForwardSettings | null;
  /** Why they could not be read. */
  error: unknown;
}

/** The live-forward settings, read when first shown and again after a reconnect. */
export function useForwardSettings(): ForwardState {
  const settings = useSyncExternalStore(forwardStore.subscribe, forwardStore.current);
  const error = useSyncExternalStore(forwardStore.subscribe, forwardStore.error);
  useEffect(() => {
    void forwardStore.load();
  }, []);
  useReconnected(() => void forwardStore.load());
  return { settings, error };
}
