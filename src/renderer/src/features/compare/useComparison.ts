import type { DeliveryComparison } from '../../../../shared/compare';
import { call } from '../../api/client';
import { useLiveCall, type LiveCallState } from '../../hooks/useLiveCall';

/** Two stored deliveries compared by the core (deliveries.compare); nothing until both are picked. */
export function useComparison(left: number | null, right: number | null): LiveCallState<DeliveryComparison> {
  const key = left === null || right === null ? null : `${left}-${right}`;
  return useLiveCall(key, (signal) => call('deliveries.compare', { left: left!, right: right! }, { signal }));
}
