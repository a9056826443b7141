import { useState } from 'react';
import type { LifecycleEvent } from '../../../../../shared/lifecycle';
import { SeverityBadge } from '../../../components/Badges';
import { LifecycleStatusBadge } from '../../../components/LifecycleBadges';
import { RouteLink } from '../../../components/RouteLink';
import { formatCount, formatFullTime, formatReceivedTime } from '../../../lib/format';
import { routes } from '../../../lib/links';
import { UnlistedCopies } from '../../duplicates/UnlistedCopies';

/**
 * One event of a lifecycle, in event-time order: when it happened, what it said, the how-many-th
 * it arrived (flagged when that differs from its place in time), its copies folded into one
 * count that opens to its first copies (a retry storm's rest are counted, and its duplicate group's
 * view has them), and the lifecycle's findings about it.
 */
export function TimelineEventRow({ event, previousFirstId = null }: { event: LifecycleEvent; previousFirstId?: number | null }) {
  const [open, setOpen] = useState(false);
  const reordered = event.arrivalRank !== event.eventRank;
  const copies = event.copyCount;
  const [firstId] = event.deliveryIds;
  return (
    <li
      className={`timeline-event${reordered ? ' reordered' : ''}${event.afterTerminal || event.unrecognized ? ' ignored' : ''}`}
      data-testid="timeline-event"
      data-event-rank={event.eventRank}
      data-arrival-rank={event.arrivalRank}
      data-duplicates={copies}
      data-tie={event.tie}
      data-after-terminal={event.afterTerminal}
      data-unrecognized={event.unrecognized}
    >
      <div className="timeline-line">
        <span className="timeline-rank" title="Place in event time">
          {event.eventRank}
        </span>
        <span className="timeline-time mono" title={event.eventTime ? formatFullTime(event.eventTime) : 'This body carries no event time'}>
          {event.eventTime ? formatReceivedTime(event.eventTime) : <span className="muted">no event time</span>}
        </span>
        <span className="timeline-main">
          <span className="timeline-name" title={event.idempotencyKey ?? undefined}>
            {event.event ?? <span className="muted">no event</span>}
          </span>
          <LifecycleStatusBadge status={event.status} />
          <span
            className={`badge arrival-rank${reordered ? ' flag-reordered' : ''}`}
            title={reordered ? `Arrived ${ordinal(event.arrivalRank)} but is ${ordinal(event.eventRank)} in event time` : 'Arrived in event-time order'}
          >
            arrived #{event.arrivalRank}
            {reordered && ' · reordered'}
          </span>
          {event.afterTerminal && (
            <span
              className="badge flag-ignored"
              data-testid="after-terminal-badge"
              title="Placed after this lifecycle's terminal event: the service sends nothing after it (a pending status_changed is dropped), so it changes nothing"
            >
              after final — would be dropped
            </span>
          )}
          {event.unrecognized && (
            <span
              className="badge flag-ignored"
              data-testid="unrecognized-badge"
              title="An event the spec does not name for this lifecycle: receivers ignore it, so its status counts for nothing"
            >
              unrecognized — ignored
            </span>
          )}
          {event.tie && (
            <span className="badge flag-tie" title="Same event time as a neighbour: kept in arrival order">
              tie
            </span>
          )}
        </span>
        <span className="timeline-deliveries">
          {copies > 1 && (
            <button
              type="button"
              className="badge duplicate copies-toggle"
              aria-expanded={open}
              title={open ? 'Fold the copies' : `${formatCount(copies)} deliveries of this event: show them`}
              data-testid="timeline-copies-toggle"
              data-count={copies}
              onClick={() => setOpen(!open)}
            >
              ×{formatCount(copies)} {open ? '▾' : '▸'}
            </button>
          )}
          {firstId !== undefined && (
            <RouteLink to={routes.delivery(firstId)} testId="link-delivery" title="The first copy">
              #{firstId}
            </RouteLink>
          )}
          {firstId !== undefined && previousFirstId !== null && (
            <RouteLink to={routes.compare(previousFirstId, firstId)} testId="link-compare-previous" title={`Which fields changed since the event before (#${previousFirstId})`}>
              vs before
            </RouteLink>
          )}
        </span>
      </div>
      {open && copies > 1 && (
        <div className="timeline-copies" data-testid="timeline-copies">
          <span className="muted">{copies > event.deliveryIds.length ? 'first copies' : 'copies'} in arrival order:</span>
          {event.deliveryIds.map((id, index) => (
            <RouteLink key={id} to={routes.delivery(id)} testId="link-delivery">
              #{id}
              {index === 0 ? ' (first)' : ''}
            </RouteLink>
          ))}
          {firstId !== undefined && copies > event.deliveryIds.length && (
            <>
              <UnlistedCopies total={copies} listed={event.deliveryIds.length} whereAll="its duplicate group counts them all, and replays or exports them" />
              <RouteLink to={routes.duplicateGroup(firstId)} testId="link-duplicate-group">
                open the duplicate group
              </RouteLink>
            </>
          )}
        </div>
      )}
      {event.findings.length > 0 && (
        <ul className="timeline-findings">
          {event.findings.map((finding, index) => (
            <li key={index} data-testid="timeline-finding" data-code={finding.code} data-severity={finding.severity}>
              <SeverityBadge severity={finding.severity} />
              <span className="mono">{finding.code}</span>
              <span>{finding.message}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

const ordinalSuffixes: Record<number, string> = { 1: 'st', 2: 'nd', 3: 'rd' };

function ordinal(n: number): string {
  const rest = n % 100;
  if (rest >= 11 && rest <= 13) return `${n}th`;
  return `${n}${ordinalSuffixes[n % 10] ?? 'th'}`;
}
