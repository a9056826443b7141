import { memo } from 'react';
import { FindingCountBadges } from '../../components/Badges';
import { KindLabel, LifecycleStatusBadge, ReorderedBadge, TerminalBadge } from '../../components/LifecycleBadges';
import { shortUuid } from '../../lib/links';
import type { LifecycleItem } from './useLifecycles';
import { ListRow } from '../../components/virtual-list/ListRow';
import { TimeCell } from '../../components/TimeCell';

export const lifecycleRowHeight = 26;
export const lifecycleHeaderHeight = 24;

export function lifecycleRowDomId(key: string): string {
  return `lifecycle-row-${key}`;
}

interface LifecycleRowProps {
  lifecycle: LifecycleItem;
  top: number;
  selected: boolean;
  onSelect: (key: string) => void;
}

export const LifecycleRow = memo(function LifecycleRow({ lifecycle, top, selected, onSelect }: LifecycleRowProps) {
  const duplicates = lifecycle.deliveryCount - lifecycle.eventCount;
  return (
    <ListRow
      domId={lifecycleRowDomId(lifecycle.key)}
      className="delivery-row lc-columns"
      selected={selected}
      top={top}
      height={lifecycleRowHeight}
      testId="lifecycle-row"
      data={{ 'data-key': lifecycle.key, 'data-status': lifecycle.currentStatus ?? '', 'data-terminal': lifecycle.terminal, 'data-reordered': lifecycle.reordered }}
      onSelect={() => onSelect(lifecycle.key)}
    >
      <span className="cell">
        <LifecycleStatusBadge status={lifecycle.currentStatus} />
      </span>
      <span className="cell lc-state">
        <TerminalBadge terminal={lifecycle.terminal} />
      </span>
      <span className="cell lc-kind">
        <KindLabel kind={lifecycle.kind} />
      </span>
      <span className="cell mono" title={lifecycle.subject}>
        {lifecycle.subject}
      </span>
      <span className="cell" title={lifecycle.recipientEmail ?? undefined}>
        {lifecycle.recipientEmail ?? <span className="muted">—</span>}
      </span>
      <span className="cell mono lc-order" title={lifecycle.orderUuid ?? 'no payout order'}>
        {lifecycle.orderUuid ? shortUuid(lifecycle.orderUuid) : <span className="muted">—</span>}
      </span>
      <span className="cell num" title={`${lifecycle.eventCount} events from ${lifecycle.deliveryCount} deliveries`}>
        {lifecycle.eventCount}
        {duplicates > 0 && <span className="muted"> / {lifecycle.deliveryCount}</span>}
      </span>
      <span className="cell">
        <ReorderedBadge reordered={lifecycle.reordered} />
      </span>
      <span className="cell">
        <FindingCountBadges counts={lifecycle.findingCounts} />
      </span>
      <TimeCell time={lifecycle.lastEventTime} titlePrefix="last event " missingTitle="no event time" className="lc-last" />
    </ListRow>
  );
});

export function LifecycleListHeader() {
  return (
    <div className="delivery-list-header lc-columns" role="presentation" style={{ height: lifecycleHeaderHeight }}>
      <span className="cell">Status</span>
      <span className="cell lc-state" title="Terminal: no more events expected">
        State
      </span>
      <span className="cell lc-kind">Kind</span>
      <span className="cell" title="external_send_id, form B data.id, or the gift-card stream's subject">
        Subject
      </span>
      <span className="cell">Recipient</span>
      <span className="cell lc-order">Order</span>
      <span className="cell" title="Events / deliveries (with duplicates)">
        Events
      </span>
      <span className="cell" title="Did events arrive out of event-time order?">Arrival</span>
      <span className="cell">Findings</span>
      <span className="cell lc-last" title="Event time of the latest event">
        Last event
      </span>
    </div>
  );
}
