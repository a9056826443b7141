import type { DeliveryComparison } from '../../../../shared/compare';
import { useCall, type CallState } from '../../api/queries';

/** Two stored deliveries compared by the core (deliveries.compare); nothing until both are picked. */
export function useComparison(left: number | null, right: number | null): CallState<DeliveryComparison> {
  return useCall('deliveries.compare', left === null || right === null ? null : { left, right });
}
