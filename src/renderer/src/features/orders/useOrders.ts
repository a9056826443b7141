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

/** The newest this many Form B sends are counted beside the orders. */
export const formBSendLimit = 500;

/** Form B sends, which name no order (spec 2.3): shown beside the orders, never counted in one. */
export function useFormBSends(): LiveCallState<CallOutput<'lifecycles.list'>> {
  return useLiveCall('all', (signal) => call('lifecycles.list', { filter: { kind: 'crypto_form_b' }, limit: formBSendLimit }, { signal }));
}
