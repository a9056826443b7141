import { useCall } from '../../api/queries';

export interface LifecycleFilterOptions {
  statuses: string[];
  findings: string[];
  /** Order UUIDs, newest first. */
  orders: string[];
  /** The chosen order's recipients: key and email. */
  recipients: { key: string; email: string }[];
}

/** What the lifecycle filters offer, refreshed as deliveries arrive. Menus keep their last values when a call fails. */
export function useLifecycleFilterOptions(orderUuid: string | undefined): LifecycleFilterOptions {
  const facets = useCall('lifecycles.facets', {});
  const order = useCall('orders.get', orderUuid ? { orderUuid } : null);
  return {
    ...(facets.phase === 'ready' ? facets.value : { statuses: [], findings: [], orders: [] }),
    recipients:
      order.phase === 'ready' ? order.value.recipients.map((recipient) => ({ key: recipient.recipientKey, email: recipient.email ?? recipient.recipientKey })) : [],
  };
}
