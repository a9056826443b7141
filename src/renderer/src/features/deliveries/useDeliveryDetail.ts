import type { DeliveryDetail } from '../../../../shared/delivery';
import { useCall } from '../../api/queries';

export type DetailState =
  | { phase: 'none' }
  | { phase: 'loading' }
  | { phase: 'ready'; detail: DeliveryDetail }
  | { phase: 'error'; error: unknown };

/**
 * One delivery in full. Reloaded when verdicts are recomputed, and (at most once a second) when new deliveries
 * arrive while it has an idempotency key: a retry of it may be among them (api/query-invalidation.ts).
 */
export function useDeliveryDetail(id: number | null): DetailState {
  const state = useCall('deliveries.get', id === null ? null : { id });
  return state.phase === 'ready' ? { phase: 'ready', detail: state.value } : state;
}
