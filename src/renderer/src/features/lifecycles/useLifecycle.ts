import type { Lifecycle } from '../../../../shared/lifecycle';
import { useCall, type CallState } from '../../api/queries';

/** One lifecycle in full, reloaded as deliveries arrive (a late or duplicate copy may change it). */
export function useLifecycle(key: string | null): CallState<Lifecycle> {
  return useCall('lifecycles.get', key === null ? null : { key });
}
