import type { KeyboardEvent, Ref } from 'react';
import type { OrderSummary } from '../../../../shared/lifecycle';
import { FindingCountBadges } from '../../components/Badges';
import { formatFullTime, formatReceivedTime } from '../../lib/format';
import { OrderStateBadge } from './OrderStateBadge';
import { StatusCounts } from './StatusCounts';

interface OrderListProps {
  orders: readonly OrderSummary[];
  selectedUuid: string | null;
  onSelect: (orderUuid: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  listRef: Ref<HTMLDivElement>;
}

export const orderRowHeight = 30;

/** Orders with their derived summaries. A few hundred at most, so no virtualization. */
export function OrderList({ orders, selectedUuid, onSelect, onKeyDown, listRef }: OrderListProps) {
  return (
    <div
      className="order-list"
      role="listbox"
      aria-label="Payout orders, latest activity first"
      tabIndex={0}
      ref={listRef}
      data-testid="order-list"
      onKeyDown={onKeyDown}
      aria-activedescendant={selectedUuid ? `order-row-${selectedUuid}` : undefined}
    >
      <div className="delivery-list-header order-columns" role="presentation">
        <span className="cell">Order</span>
        <span className="cell num" title="Recipients">
          Recip.
        </span>
        <span className="cell num" title="Sends and gift-card streams">
          Sends
        </span>
        <span className="cell" title="Derived by the inspector (the service reports no order status): recipients counted by their latest state">
          Derived state · recipients by latest state
        </span>
        <span className="cell">Findings</span>
        <span className="cell">Last event</span>
      </div>
      {orders.map((order) => {
        const selected = order.orderUuid === selectedUuid;
        return (
          <div
            key={order.orderUuid}
            id={`order-row-${order.orderUuid}`}
            role="option"
            aria-selected={selected}
            className={`order-row order-columns${selected ? ' selected' : ''}`}
            data-testid="order-row"
            data-uuid={order.orderUuid}
            data-all-terminal={order.allTerminal}
            onClick={() => onSelect(order.orderUuid)}
          >
            <span className="cell mono" title={order.orderUuid}>
              {order.orderUuid}
            </span>
            <span
              className="cell num"
              data-testid="order-recipients"
              title={order.createdRecipients === null ? 'Recipients named by the events' : `Recipients named by the events, of the ${order.createdRecipients} the order was created with`}
            >
              {order.recipients}
              {order.createdRecipients !== null && order.createdRecipients !== order.recipients && <span className="muted"> of {order.createdRecipients}</span>}
            </span>
            <span className="cell num">{order.lifecycles}</span>
            <span className="cell order-state">
              <OrderStateBadge order={order} />
              <StatusCounts counts={order.countsByStatus} />
            </span>
            <span className="cell">
              <FindingCountBadges counts={order.findingCounts} />
            </span>
            <span className="cell cell-time mono" title={order.lastEventTime ? formatFullTime(order.lastEventTime) : undefined}>
              {order.lastEventTime ? formatReceivedTime(order.lastEventTime) : '—'}
            </span>
          </div>
        );
      })}
    </div>
  );
}
