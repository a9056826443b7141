import type { CallOutput } from '../../../../shared/contract';
import { call } from '../../api/client';
import { useLiveCall, type LiveCallState } from '../../hooks/useLiveCall';

/** The newest this many orders are listed (orders.list takes no cursor). */
export const orderListLimit = 500;

export type OrderDetailValue = CallOutput<'orders.get'>;

/** Payout orders with their derived summaries, newest activity first, reloaded as deliveries arrive. */
export function useOrders(): LiveCallState<CallOutput<'orders.list'>> {
  return useLiveCall('all', (signal) => call('orders.list', { limit: orderListLimit }, { signal }));
}

/** One order: its summary and its recipients with their sends and streams. */
export function useOrder(orderUuid: string | null): LiveCallState<OrderDetailValue> {
  return useLiveCall(orderUuid, (signal) => call('orders.get', { orderUuid: orderUuid! }, { signal }));
}
