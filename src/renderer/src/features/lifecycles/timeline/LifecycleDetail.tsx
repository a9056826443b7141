import type { Ref } from 'react';
import type { Lifecycle, LifecycleEvent } from '../../../../../shared/lifecycle';
import { FindingCountBadges } from '../../../components/Badges';
import { DetailHeader } from '../../../components/list-detail/DetailHeader';
import { DetailPane } from '../../../components/list-detail/DetailPane';
import { KindLabel, LifecycleStatusBadge, ReorderedBadge, TerminalBadge } from '../../../components/LifecycleBadges';
import { RelationLinks } from '../../../components/RelationLinks';
import { RouteLink } from '../../../components/RouteLink';
import type { CallState } from '../../../api/queries';
import { plural } from '../../../lib/format';
import { routes } from '../../../lib/links';
import { DetailSection } from '../../deliveries/detail/DetailSection';
import { GroupActionsSection } from '../../transfer/GroupActionsSection';
import { ArrivalChart, stepsUp } from './ArrivalChart';
import { TimelineEventRow } from './TimelineEventRow';

interface LifecycleDetailProps {
  state: CallState<Lifecycle>;
  onClose: () => void;
  paneRef: Ref<HTMLElement>;
}

export function LifecycleDetail({ state, onClose, paneRef }: LifecycleDetailProps) {
  return (
    <DetailPane state={state} testId="lifecycle-detail" label="Lifecycle" onClose={onClose} paneRef={paneRef}>
      {state.phase === 'ready' && <LifecycleContent lifecycle={state.value} onClose={onClose} />}
    </DetailPane>
  );
}

function LifecycleContent({ lifecycle, onClose }: { lifecycle: Lifecycle; onClose: () => void }) {
  const deliveries = lifecycle.events.reduce((sum, event) => sum + event.copyCount, 0);
  const counts = { error: 0, warning: 0, info: 0 };
  for (const finding of lifecycle.findings) counts[finding.severity]++;
  return (
    <>
      <DetailHeader onClose={onClose}>
        <h2>
          <KindLabel kind={lifecycle.kind} /> <span className="mono">{lifecycle.subject}</span>
        </h2>
        <div className="detail-badges" data-testid="lifecycle-current" data-status={lifecycle.currentStatus ?? ''} data-terminal={lifecycle.terminal}>
          <span className="muted">now</span>
          <LifecycleStatusBadge status={lifecycle.currentStatus} />
          <TerminalBadge terminal={lifecycle.terminal} />
          <ReorderedBadge reordered={lifecycle.reordered} />
          <FindingCountBadges counts={counts} />
          <span className="muted">
            {plural(lifecycle.events.length, 'event')} from {plural(deliveries, 'delivery', 'deliveries')}
          </span>
        </div>
        {lifecycle.recipientEmail && <div className="detail-subject">{lifecycle.recipientEmail}</div>}
        <RelationLinks orderUuid={lifecycle.orderUuid} recipientKey={lifecycle.recipientKey} recipientEmail={lifecycle.recipientEmail} />
      </DetailHeader>
      {lifecycle.events.length > 1 && (
        <DetailSection title="Event time against arrival">
          <ArrivalOrder events={lifecycle.events} reordered={lifecycle.reordered} />
          <p className="arrival-legend muted" data-testid="arrival-chart-legend">
            event time left to right, arrival top to bottom; a step up is an event that arrived before an earlier one
          </p>
          <ArrivalChart events={lifecycle.events} />
        </DetailSection>
      )}
      <DetailSection title="Timeline" aside={<span className="muted">in event time; duplicates folded</span>}>
        <ol className="timeline" data-testid="lifecycle-timeline" data-key={lifecycle.key} data-events={lifecycle.events.length}>
          {lifecycle.events.map((event, index) => (
            <TimelineEventRow
              key={`${event.eventRank}-${event.idempotencyKey ?? ''}`}
              event={event}
              previousFirstId={index > 0 ? (lifecycle.events[index - 1]!.deliveryIds[0] ?? null) : null}
            />
          ))}
        </ol>
        {lifecycle.orderUuid && lifecycle.recipientKey && (
          <p className="timeline-more">
            <RouteLink to={routes.lifecyclesOfRecipient(lifecycle.orderUuid, lifecycle.recipientKey)}>All sends and streams of this recipient</RouteLink>
          </p>
        )}
      </DetailSection>
      <GroupActionsSection
        selection={{ lifecycleKey: lifecycle.key }}
        what={`this lifecycle (${plural(deliveries, 'delivery', 'deliveries')})`}
        fileStem={`lifecycle-${lifecycle.subject}`}
      />
      <DetailSection title="Key">
        <code className="digest" data-testid="lifecycle-key">
          {lifecycle.key}
        </code>
      </DetailSection>
    </>
  );
}

/** What the chart shows, in words: whether the events arrived in event-time order, and if not, which came early. */
function ArrivalOrder({ events, reordered }: { events: readonly LifecycleEvent[]; reordered: boolean }) {
  const steps = stepsUp(events);
  if (!reordered || steps.length === 0) {
    return (
      <p className="arrival-order" data-testid="arrival-order" data-reordered="false">
        In order: each event arrived after the events before it in event time.
      </p>
    );
  }
  const shown = steps.slice(0, 3).map(({ early, passed }) => `event ${early} arrived before event ${passed}`);
  const more = steps.length - shown.length;
  return (
    <p className="arrival-order reordered" data-testid="arrival-order" data-reordered="true">
      <strong>Reordered:</strong> {shown.join(', ')}
      {more > 0 ? `, and ${more} more` : ''}.
    </p>
  );
}
