import type { OrderSummary } from '../../../../shared/lifecycle';

/** "all terminal", "in flight", or how many of the order's recipients no event names (and, of those, how many nothing could be from). */
export function OrderStateBadge({ order }: { order: OrderSummary }) {
  if (order.unnamedRecipients > 0) return <UnnamedRecipientsBadge order={order} />;
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

/**
 * "Not heard from" only for recipients nothing can have come from: a Form B send names no order (spec 2.3), so
 * while Form B sends could be theirs, the unnamed recipients are said to be just that.
 */
function UnnamedRecipientsBadge({ order }: { order: OrderSummary }) {
  const { createdRecipients, unnamedRecipients: unnamed, unheardRecipients: unheard } = order;
  const created = `The order was created with ${createdRecipients} recipients; no event names ${unnamed} of them`;
  if (unheard === unnamed) {
    return (
      <span className="badge terminal-no" data-testid="order-state" data-state="unheard" title={`${created}, and no Form B send (which names no order) arrived that could be theirs`}>
        {unheard} not heard from
      </span>
    );
  }
  const possiblyFormB = unnamed - unheard;
  return (
    <span
      className="badge terminal-no"
      data-testid="order-state"
      data-state="unnamed"
      title={`${created}. A Form B send names no order: ${possiblyFormB === unnamed ? 'theirs may be' : `${possiblyFormB} of theirs may be`} among the Form B sends listed apart, so the order's outcome is not known here`}
    >
      {unnamed} not named by any event{unheard > 0 && `, ${unheard} not heard from`}
    </span>
  );
}
