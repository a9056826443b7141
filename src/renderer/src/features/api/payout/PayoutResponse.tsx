import { useMemo } from 'react';
import type { CallOutput } from '../../../../../shared/contract';
import { useCall } from '../../../api/queries';
import { ResponseStatus } from '../../../components/Badges';
import { RouteLink } from '../../../components/RouteLink';
import { plural } from '../../../lib/format';
import { routes } from '../../../lib/links';
import { parseJsonTree } from '../../../lib/json-tree';
import { JsonTreeView } from '../../deliveries/detail/JsonTreeView';

export type PayoutAnswer = CallOutput<'api.createPayoutOrder'>;

/** The service's answer to POST /api/payout-orders; a created order links to its deliveries as they arrive. */
export function PayoutResponse({ answer }: { answer: PayoutAnswer }) {
  const tree = useMemo(() => parseJsonTree(JSON.stringify(answer.body ?? null)), [answer.body]);
  return (
    <section className="payout-response" data-testid="payout-response" data-status={answer.status} data-order-uuid={answer.orderUuid ?? undefined} aria-label="The service's answer">
      <h3>
        Answer <ResponseStatus status={answer.status} />{' '}
        <span className={answer.orderUuid ? 'ok-text' : 'error-text'}>{answer.orderUuid ? 'created' : 'not created'}</span>
      </h3>
      {answer.orderUuid && <CreatedOrder orderUuid={answer.orderUuid} />}
      <div className="pretty-body payout-response-body">
        <JsonTreeView root={tree} />
      </div>
    </section>
  );
}

function CreatedOrder({ orderUuid }: { orderUuid: string }) {
  const listed = useCall('deliveries.list', { filter: { text: orderUuid }, limit: 1 });
  const count = listed.phase === 'ready' ? { phase: 'ready' as const, value: listed.value.total } : listed;
  return (
    <div className="payout-created">
      <p>
        Payout order <code>{orderUuid}</code>
      </p>
      <p className="payout-created-links">
        <RouteLink to={routes.order(orderUuid)} testId="payout-order-link" title="The order as its deliveries tell it">
          open in Orders
        </RouteLink>
        <RouteLink
          to={routes.deliveriesMentioning(orderUuid, { kind: 'payout-order', orderUuid })}
          testId="link-deliveries-mentioning"
          title="Deliveries whose body mentions this order"
        >
          deliveries mentioning it
        </RouteLink>
        <span className="muted" data-testid="payout-delivery-count" data-count={count.phase === 'ready' ? count.value : undefined} role="status">
          {count.phase === 'ready' ? `${plural(count.value, 'delivery', 'deliveries')} so far` : count.phase === 'error' ? 'count unavailable' : 'counting…'}
        </span>
      </p>
    </div>
  );
}
