import { plural } from '../../lib/format';
import type { DemoOrders } from './useDemoOrder';

/** What "Create demo payout order" made: each order, its payout type and recipients. */
export function DemoOrderResult({ orders, onOpenDeliveries }: { orders: DemoOrders; onOpenDeliveries?: () => void }) {
  const recipients = orders.reduce((sum, order) => sum + order.recipients, 0);
  return (
    <div className="demo-result" role="status" data-testid="simulator-demo-result" data-orders={orders.length} data-recipients={recipients}>
      <p>
        <span className="ok-text">
          Created {plural(orders.length, 'payout order')} for {plural(recipients, 'recipient')}.
        </span>{' '}
        Their webhooks are on their way to the receiver
        {onOpenDeliveries ? (
          <>
            {': '}
            <button type="button" className="link-button" data-testid="simulator-open-deliveries" onClick={onOpenDeliveries}>
              see them in Deliveries
            </button>
            .
          </>
        ) : (
          '.'
        )}
      </p>
      <ul className="demo-orders">
        {orders.map((order) => (
          <li key={order.uuid}>
            <span className="demo-order-type">{order.payoutType.replaceAll('_', ' ')}</span>
            <span className="muted">{plural(order.recipients, 'recipient')}</span>
            <code title={order.uuid}>{order.uuid}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
