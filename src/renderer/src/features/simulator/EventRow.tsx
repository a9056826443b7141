import { memo } from 'react';
import type { DispatchEvent } from '../../../../shared/simulator';
import { ResponseStatus } from '../../components/Badges';
import { formatFullTime, formatTimeUntil } from '../../lib/format';
import { DispatchStatusBadge } from './DispatchStatusBadge';
import { EventFlags } from './EventFlags';
import { scenarioWords } from './simulator-words';
import { ListRow } from '../../components/virtual-list/ListRow';

interface EventRowProps {
  event: DispatchEvent;
  selected: boolean;
  /** Pixel offset inside the virtual list. */
  top: number;
  /** For the next-retry countdown. */
  now: number;
  onSelect: (id: number) => void;
}

export const eventRowHeight = 26;
export const eventHeaderHeight = 24;

export function eventRowDomId(id: number): string {
  return `simulator-event-${id}`;
}

export const EventRow = memo(function EventRow({ event, selected, top, now, onSelect }: EventRowProps) {
  const attemptCount = event.attempts.at(-1)?.number ?? 0;
  return (
    <ListRow
      domId={eventRowDomId(event.id)}
      className="event-row event-columns"
      selected={selected}
      top={top}
      height={eventRowHeight}
      testId="simulator-event-row"
      data={{ 'data-id': event.id, 'data-status': event.status }}
      onSelect={() => onSelect(event.id)}
    >
      <span className="cell cell-id mono muted">#{event.id}</span>
      <span className="cell" title={event.event}>
        {event.event}
      </span>
      <span className="cell" title={event.recipientEmail}>
        {event.recipientEmail}
      </span>
      <span className="cell muted" title={event.scenario}>
        {scenarioWords(event.scenario)}
      </span>
      <span className="cell">
        <DispatchStatusBadge status={event.status} />
      </span>
      <span className="cell cell-number mono">{attemptCount}</span>
      <span className="cell">
        <LastOutcome event={event} />
      </span>
      <span className="cell cell-next mono" title={event.nextAttemptAt ? formatFullTime(event.nextAttemptAt) : undefined}>
        <NextAttempt event={event} now={now} />
      </span>
      <span className="cell cell-flags">
        <EventFlags event={event} />
      </span>
    </ListRow>
  );
});

/** The last attempt's status code or error; the reason when the event was never sent. */
export function LastOutcome({ event }: { event: DispatchEvent }) {
  const last = event.attempts.at(-1);
  if (!last) return event.note ? <span className="warn-text" title={event.note}>{event.note}</span> : <span className="muted">—</span>;
  if (last.statusCode !== null) return <ResponseStatus status={last.statusCode} />;
  if (last.error !== null)
    return (
      <span className="error-text" title={last.error}>
        {last.error}
      </span>
    );
  return <span className="muted">sending…</span>;
}

function NextAttempt({ event, now }: { event: DispatchEvent; now: number }) {
  if (event.inFlight) return <span className="muted">sending…</span>;
  if (event.status !== 'pending' || event.nextAttemptAt === null) return <span className="muted">—</span>;
  return <>{formatTimeUntil(event.nextAttemptAt, now)}</>;
}

export function EventListHeader() {
  return (
    <div className="event-list-header event-columns" role="presentation" style={{ height: eventHeaderHeight }}>
      <span className="cell cell-id">#</span>
      <span className="cell">Event</span>
      <span className="cell">Recipient</span>
      <span className="cell">Scenario</span>
      <span className="cell">Status</span>
      <span className="cell cell-number" title="Attempts made">
        Att
      </span>
      <span className="cell" title="The last attempt's status code or error">
        Last
      </span>
      <span className="cell" title="When the next attempt starts (the first one, or a retry)">Next attempt</span>
      <span className="cell">Flags</span>
    </div>
  );
}
