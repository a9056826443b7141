import { useCallback, useEffect, useState } from 'react';
import type { CallOutput } from '../../../../shared/contract';
import { call } from '../../api/client';
import { useDataChanged } from '../../hooks/useDataChanged';

export interface LifecycleFilterOptions {
  statuses: string[];
  findings: string[];
  /** Order UUIDs, newest first. */
  orders: string[];
  /** The chosen order's recipients: key and email. */
  recipients: { key: string; email: string }[];
}

type Facets = CallOutput<'lifecycles.facets'>;

/** What the lifecycle filters offer, refreshed (at most every 1.5 s) as deliveries arrive. */
export function useLifecycleFilterOptions(orderUuid: string | undefined): LifecycleFilterOptions {
  const [facets, setFacets] = useState<Facets>({ statuses: [], findings: [], orders: [] });
  const [recipients, setRecipients] = useState<{ order: string; list: LifecycleFilterOptions['recipients'] } | null>(null);

  const refresh = useCallback(() => {
    // Menus keep their last values when a call fails; the list shows connection problems.
    const ignore = () => undefined;
    call('lifecycles.facets', {}).then(setFacets, ignore);
    if (orderUuid) {
      call('orders.get', { orderUuid }).then(
        (order) =>
          setRecipients({
            order: orderUuid,
            list: order.recipients.map((recipient) => ({ key: recipient.recipientKey, email: recipient.email ?? recipient.recipientKey })),
          }),
        ignore,
      );
    }
  }, [orderUuid]);

  useEffect(refresh, [refresh]);
  useDataChanged(refresh, 1_500);

  return {
    ...facets,
    recipients: recipients !== null && recipients.order === orderUuid ? recipients.list : [],
  };
}
