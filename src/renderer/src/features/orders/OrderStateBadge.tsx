import type { OrderSummary } from '../../../../shared/lifecycle';

/** "all terminal", "in flight", or how many of the order's recipients no event has named yet. */
export function OrderStateBadge({ order }: { order: OrderSummary }) {
  if (order.unheardRecipients > 0) {
    return (
      <span
        className="badge terminal-no"
        data-testid="order-state"
        data-state="unheard"
        title={`The order was created with ${order.createdRecipients} recipients; no event names ${order.unheardRecipients} of them (a Form B send names no order), so its outcome is not known here`}
      >
        {order.unheardRecipients} not heard from
      </span>
    );
  }
  return order.allTerminal ? (
    <span className="badge terminal-yes" data-testid="order-state" data-state="terminal" title="Every recipient's latest send or stream is terminal">
      all terminal
    </span>
  ) : (
    <span className="badge terminal-no" data-testid="order-state" data-state="in-flight" title="Some sends or streams may still move">
      in flight
    </span>
  );
}
