import type { CallHandlers } from '../../../shared/contract';
import { found } from '../found';
import type { StoreReader } from '../store/reader';
import { caughtUp } from './caught-up';

/** The calls `lifecycles.*`, `recipients.get` and `orders.*`: what the deliveries say of each payout. */
export function lifecycleCalls(store: StoreReader) {
  return {
    'lifecycles.list': caughtUp<'lifecycles.list'>(store, async ({ filter, beforeLastDeliveryId, limit }) => ({
      items: await store.listLifecycles(filter, beforeLastDeliveryId, limit),
    })),
    'lifecycles.facets': caughtUp<'lifecycles.facets'>(store, () => store.lifecycleFacets()),
    'lifecycles.get': async ({ key }) => found(await store.viewLifecycle(key), `no lifecycle ${key}`),
    'recipients.get': caughtUp<'recipients.get'>(store, async ({ recipientKey }) =>
      found(await store.getRecipient(recipientKey), `no recipient ${recipientKey}`),
    ),
    'orders.list': caughtUp<'orders.list'>(store, async ({ limit }) => ({ items: await store.listOrders(limit) })),
    'orders.get': caughtUp<'orders.get'>(store, async ({ orderUuid }) =>
      found(await store.getOrder(orderUuid), `no payout order ${orderUuid}`),
    ),
  } satisfies Pick<CallHandlers, 'lifecycles.list' | 'lifecycles.facets' | 'lifecycles.get' | 'recipients.get' | 'orders.list' | 'orders.get'>;
}
