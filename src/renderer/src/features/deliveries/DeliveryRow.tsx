import { memo } from 'react';
import type { DeliverySummary } from '../../../../shared/delivery';
import { DuplicateBadge, FindingCountBadges, ResponseStatus, SignatureBadge } from '../../components/Badges';
import { formWords } from '../../lib/words';
import { ListRow } from '../../components/virtual-list/ListRow';
import { TimeCell } from '../../components/TimeCell';
import { PeerText } from '../../components/PeerText';
import { SourceMark } from '../sources/SourceMark';

interface DeliveryRowProps {
  delivery: DeliverySummary;
  selected: boolean;
  /** Pixel offset inside the virtual list. */
  top: number;
  onSelect: (id: number) => void;
  /** Ticked for replaying or exporting with others. */
  marked: boolean;
  onMark: (id: number, range: boolean) => void;
}

export const rowHeight = 26;
export const headerHeight = 24;

export function deliveryRowDomId(id: number): string {
  return `delivery-row-${id}`;
}

export const DeliveryRow = memo(function DeliveryRow({ delivery, selected, top, onSelect, marked, onMark }: DeliveryRowProps) {
  const eventName = delivery.event ?? '—';
  return (
    <ListRow
      domId={deliveryRowDomId(delivery.id)}
      className={`delivery-row columns${marked ? ' marked' : ''}`}
      selected={selected}
      top={top}
      height={rowHeight}
      testId="delivery-row"
      data={{ 'data-id': delivery.id }}
      onSelect={() => onSelect(delivery.id)}
    >
      <span className="cell cell-mark">
        <input
          type="checkbox"
          data-testid="delivery-mark"
          aria-label={`Select #${delivery.id} for replay or export`}
          checked={marked}
          readOnly
          onClick={(event) => {
            event.stopPropagation();
            onMark(delivery.id, event.shiftKey);
          }}
        />
      </span>
      <TimeCell time={delivery.receivedAt} />
      <span className={`cell cell-event${delivery.event ? '' : ' muted'}`} title={eventName}>
        {eventName}
      </span>
      <span className="cell cell-type" title={`${delivery.payoutType ?? 'no payout_type'} · ${formWords[delivery.form]}`}>
        <PayoutTypeAndForm delivery={delivery} />
      </span>
      <span className="cell cell-signature">
        <SignatureBadge verdict={delivery.signature} />
      </span>
      <span className="cell cell-duplicates">
        <DuplicateBadge count={delivery.duplicateCount} />
      </span>
      <span className="cell cell-status">
        <ResponseStatus status={delivery.responseStatus} />
      </span>
      <span className="cell cell-subject" title={delivery.subject ?? undefined}>
        {delivery.subject !== null && <PeerText text={delivery.subject} />}
      </span>
      <span className="cell cell-path mono" title={delivery.path}>
        <SourceMark source={delivery.source} />
        {delivery.method === 'POST' ? '' : <span className="method">{delivery.method} </span>}
        <PeerText text={delivery.path} />
      </span>
      <span className="cell cell-findings">
        <FindingCountBadges counts={delivery.findingCounts} />
      </span>
    </ListRow>
  );
});

function PayoutTypeAndForm({ delivery }: { delivery: DeliverySummary }) {
  const { payoutType, form } = delivery;
  if (form === 'gift_cards' && payoutType === 'gift_cards') return <>gift cards</>;
  const showForm = form !== 'unknown' || payoutType === null;
  return (
    <>
      {payoutType !== null && <span>{payoutType}</span>}
      {showForm && <span className={`form-tag form-${form}`}>{formWords[form]}</span>}
    </>
  );
}

export function DeliveryListHeader() {
  return (
    <div className="delivery-list-header columns" role="presentation" style={{ height: headerHeight }}>
      <span className="cell cell-mark" />
      <span className="cell cell-time">Time</span>
      <span className="cell cell-event">Event</span>
      <span className="cell cell-type">Type</span>
      <span className="cell cell-signature">Signature</span>
      <span className="cell cell-duplicates" title="Deliveries sharing the idempotency key">
        Dup
      </span>
      <span className="cell cell-status" title="Status the receiver answered">
        Resp
      </span>
      <span className="cell cell-subject">Subject</span>
      <span className="cell cell-path">Path</span>
      <span className="cell cell-findings">Findings</span>
    </div>
  );
}
