import type { Ref } from 'react';
import { FindingCountBadges } from '../../components/Badges';
import { DetailHeader } from '../../components/list-detail/DetailHeader';
import { DetailPane } from '../../components/list-detail/DetailPane';
import { RouteLink } from '../../components/RouteLink';
import type { CallState } from '../../api/queries';
import { formatFullTime } from '../../lib/format';
import { routes } from '../../lib/links';
import { DetailSection } from '../deliveries/detail/DetailSection';
import { RecipientRow } from './RecipientRow';
import { OrderStateBadge } from './OrderStateBadge';
import { StatusCounts } from './StatusCounts';
import type { OrderDetailValue } from './useOrders';

interface OrderDetailProps {
  state: CallState<OrderDetailValue>;
  openRecipientKey: string | null;
  onToggleRecipient: (recipientKey: string) => void;
  onClose: () => void;
  paneRef: Ref<HTMLElement>;
}

export function OrderDetail({ state, openRecipientKey, onToggleRecipient, onClose, paneRef }: OrderDetailProps) {
  return (
    <DetailPane
      state={state}
      testId="order-detail"
      label="Payout order"
      data={{ 'data-uuid': state.phase === 'ready' ? state.value.summary.orderUuid : undefined }}
      onClose={onClose}
      paneRef={paneRef}
    >
      {state.phase === 'ready' && (
        <OrderContent order={state.value} openRecipientKey={openRecipientKey} onToggleRecipient={onToggleRecipient} onClose={onClose} />
      )}
    </DetailPane>
  );
}

interface OrderContentProps {
  order: OrderDetailValue;
  openRecipientKey: string | null;
  onToggleRecipient: (recipientKey: string) => void;
  onClose: () => void;
}

function OrderContent({ order, openRecipientKey, onToggleRecipient, onClose }: OrderContentProps) {
  const { summary, recipients } = order;
  return (
    <>
      <DetailHeader onClose={onClose}>
        <h2>
          <span className="muted">Payout order</span> <span className="mono">{summary.orderUuid}</span>
        </h2>
        <div className="detail-badges">
          <OrderStateBadge order={summary} />
          <span className="muted">recipients by latest state</span>
          <StatusCounts counts={summary.countsByStatus} />
          <FindingCountBadges counts={summary.findingCounts} />
        </div>
        <p className="derived-note" data-testid="order-derived-note">
          derived: the service reports no order status; this summary is the inspector&apos;s, from the sends and streams below.
        </p>
      </DetailHeader>
      <DetailSection title="Summary">
        <dl className="facts">
          <dt>Recipients</dt>
          <dd data-testid="order-detail-recipients">
            {summary.recipients}
            {summary.createdRecipients !== null && (
              <span className="muted">
                {' '}
                of {summary.createdRecipients} the order was created with
                {summary.unnamedRecipients > 0 &&
                  ` — ${summary.unnamedRecipients} not named by any event (a Form B send names no order: see the Form B sends in the order list)`}
                {summary.unheardRecipients > 0 && `; ${summary.unheardRecipients} not heard from (no Form B send stored could be theirs)`}
              </span>
            )}
          </dd>
          <dt>Sends and streams</dt>
          <dd>
            {summary.lifecycles}{' '}
            <RouteLink to={routes.lifecyclesOfOrder(summary.orderUuid)} testId="link-order-lifecycles">
              list them
            </RouteLink>
          </dd>
          <dt>Service API</dt>
          <dd>
            <RouteLink to={routes.apiList('/api/payout-orders')} testId="link-order-api" title="GET /api/payout-orders: the service's own record of its orders">
              in the API browser
            </RouteLink>
          </dd>
          <dt>First event</dt>
          <dd className="mono">{summary.firstEventTime ? formatFullTime(summary.firstEventTime) : '—'}</dd>
          <dt>Last event</dt>
          <dd className="mono">{summary.lastEventTime ? formatFullTime(summary.lastEventTime) : '—'}</dd>
        </dl>
      </DetailSection>
      <DetailSection title="Recipients" aside={<span className="muted">latest derived state; open one for its sends and streams</span>}>
        <ul className="recipient-list">
          {recipients.map((recipient) => (
            <RecipientRow
              key={recipient.recipientKey}
              recipient={recipient}
              orderUuid={summary.orderUuid}
              open={recipient.recipientKey === openRecipientKey}
              onToggle={() => onToggleRecipient(recipient.recipientKey)}
            />
          ))}
        </ul>
      </DetailSection>
    </>
  );
}
