import type { CallOutput } from '../../../../shared/contract';
import { useCall, type CallState } from '../../api/queries';

/** The newest this many orders are listed (orders.list takes no cursor). */
export const orderListLimit = 500;

export type OrderDetailValue = CallOutput<'orders.get'>;

/** Payout orders with their derived summaries, newest activity first, reloaded as deliveries arrive. */
export function useOrders(): CallState<CallOutput<'orders.list'>> {
  return useCall('orders.list', { limit: orderListLimit });
}

/** One order: its summary and its recipients with their sends and streams. */
export function useOrder(orderUuid: string | null): CallState<OrderDetailValue> {
  return useCall('orders.get', orderUuid === null ? null : { orderUuid });
}

/** The newest this many Form B sends are counted beside the orders. */
export const formBSendLimit = 500;

/** Form B sends, which name no order (spec 2.3): shown beside the orders, never counted in one. */
export function useFormBSends(): CallState<CallOutput<'lifecycles.list'>> {
  return useCall('lifecycles.list', { filter: { kind: 'crypto_form_b' }, limit: formBSendLimit });
}
