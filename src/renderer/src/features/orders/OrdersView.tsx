import { useCallback, useRef } from 'react';
import { ListDetailLayout } from '../../components/list-detail/ListDetailLayout';
import { ListLoadError } from '../../components/list-detail/ListLoadError';
import { useListKeyboard } from '../../hooks/useListKeyboard';
import { useNavigate } from '../../hooks/useNavigate';
import { plural } from '../../lib/format';
import { OrderDetail } from './OrderDetail';
import { OrderList, orderRowHeight } from './OrderList';
import { FormBSends } from './FormBSends';
import { orderListLimit, useFormBSends, useOrder, useOrders } from './useOrders';

interface OrdersViewProps {
  selectedUuid: string | null;
  openRecipientKey: string | null;
}

/** Payout order → recipients → sends and streams, with the inspector's derived order summary. */
export function OrdersView({ selectedUuid, openRecipientKey }: OrdersViewProps) {
  const navigate = useNavigate();
  const orders = useOrders();
  const order = useOrder(selectedUuid);
  const formBSends = useFormBSends();
  const listRef = useRef<HTMLDivElement | null>(null);
  const detailRef = useRef<HTMLElement | null>(null);
  const items = orders.phase === 'ready' ? orders.value.items : [];

  const select = useCallback((orderUuid: string | null) => navigate({ view: 'orders', orderUuid, recipientKey: null }), [navigate]);
  const onKeyDown = useListKeyboard({ keys: items.map((item) => item.orderUuid), selectedKey: selectedUuid, select, listRef, detailRef, rowHeight: orderRowHeight });

  const detailPane =
    selectedUuid === null ? null : (
      <OrderDetail
        state={order}
        paneRef={detailRef}
        openRecipientKey={openRecipientKey}
        onToggleRecipient={(recipientKey) =>
          navigate({ view: 'orders', orderUuid: selectedUuid, recipientKey: recipientKey === openRecipientKey ? null : recipientKey })
        }
        onClose={() => {
          select(null);
          listRef.current?.focus();
        }}
      />
    );
  return (
    <ListDetailLayout testId="orders-view" detail={detailPane}>
      <div className="list-toolbar">
        <h2 className="list-title">Payout orders</h2>
        <span className="muted list-hint" data-testid="orders-derived-label">
          derived: the service reports no order status
        </span>
        <span className="delivery-count" data-testid="order-count" data-loaded={items.length}>
          {orders.phase === 'loading' ? 'loading…' : `${plural(items.length, 'order')}${items.length >= orderListLimit ? ' (the newest)' : ''}`}
        </span>
      </div>
      {formBSends.phase === 'ready' && <FormBSends sends={formBSends.value.items} />}
      {orders.phase === 'error' ? (
        <ListLoadError error={orders.error} />
      ) : orders.phase === 'ready' && items.length === 0 ? (
        <div className="list-message" data-testid="orders-empty">
          <p>No payout orders yet.</p>
          <p className="muted">Orders appear as soon as a delivery names one (payout_order_uuid). Form B bodies name none.</p>
        </div>
      ) : (
        <OrderList orders={items} selectedUuid={selectedUuid} onSelect={select} onKeyDown={onKeyDown} listRef={listRef} />
      )}
    </ListDetailLayout>
  );
}
