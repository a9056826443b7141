import type { Lifecycle } from '../../../../shared/lifecycle';
import { call } from '../../api/client';
import { useLiveCall, type LiveCallState } from '../../hooks/useLiveCall';

/** One lifecycle in full, reloaded as deliveries arrive (a late or duplicate copy may change it). */
export function useLifecycle(key: string | null): LiveCallState<Lifecycle> {
  return useLiveCall(key, (signal) => call('lifecycles.get', { key: key! }, { signal }));
}
