import { useMutation } from '@tanstack/react-query';
import type { DispatchEvent } from '../../../../shared/simulator';
import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { ResponseStatus } from '../../components/Badges';
import { formatDuration, formatFullTime, formatReceivedTime } from '../../lib/format';
import { DispatchStatusBadge } from './DispatchStatusBadge';
import { EventFlags } from './EventFlags';
import { scenarioWords } from './simulator-words';
import { RoleGate } from '../../components/RoleGate';

interface EventDetailProps {
  event: DispatchEvent;
  onClose: () => void;
  onResent: () => void;
}

/** One event: what it is, where it goes, every attempt; a re-send once it has failed permanently. */
export function EventDetail({ event, onClose, onResent }: EventDetailProps) {
  const resend = useMutation({ mutationFn: (id: number) => call('simulator.resend', { id }), onSuccess: onResent });
  const done = resend.data && (resend.data.resent ? 'Re-sent: a new series of attempts has started.' : 'Not re-sent: the event is no longer permanently failed.');

  return (
    <section className="simulator-card event-detail" aria-labelledby="simulator-event-title" data-testid="simulator-attempts" data-id={event.id} data-status={event.status}>
      <div className="event-detail-head">
        <h2 id="simulator-event-title">
          <span className="muted">#{event.id}</span> {event.event}
        </h2>
        <button type="button" className="link-button" onClick={onClose} aria-label="Close the event">
          Close
        </button>
      </div>
      <div className="event-detail-status">
        <DispatchStatusBadge status={event.status} />
        <EventFlags event={event} />
        {event.status === 'failed_permanently' && (
          <RoleGate call="simulator.resend" doing="re-send events" inline>
            <button type="button" className="primary" data-testid="simulator-resend" disabled={resend.isPending} onClick={() => resend.mutate(event.id)}>
              Re-send
            </button>
          </RoleGate>
        )}
      </div>
      <ActionOutcome error={resend.error} done={done ?? null} testId="simulator-resend" />
      {event.note && <p className="warn-text">{event.note}</p>}
      <dl className="facts">
        <dt>Recipient</dt>
        <dd>{event.recipientEmail}</dd>
        <dt>Scenario</dt>
        <dd>
          {scenarioWords(event.scenario)} <span className="muted">· {event.payoutType.replaceAll('_', ' ')}</span>
        </dd>
        <dt>Occurred at</dt>
        <dd className="mono">{formatFullTime(event.occurredAt)}</dd>
        <dt>Order</dt>
        <dd className="mono">{event.orderUuid}</dd>
        <dt>Callback</dt>
        <dd className="mono">{event.callbackUrl ?? '—'}</dd>
      </dl>
      <h3>Attempts</h3>
      {event.attempts.length === 0 ? (
        <p className="muted">{event.note ? 'Not sent.' : 'None yet.'}</p>
      ) : (
        <table className="attempts-table">
          <thead>
            <tr>
              <th>#</th>
              <th>Started</th>
              <th>X-Service-Delivery</th>
              <th>Result</th>
              <th>Took</th>
            </tr>
          </thead>
          <tbody>
            {event.attempts.map((attempt) => (
              <tr key={attempt.number} data-testid="simulator-attempt" data-number={attempt.number}>
                <td className="mono">{attempt.number}</td>
                <td className="mono" title={formatFullTime(attempt.startedAt)}>
                  {formatReceivedTime(attempt.startedAt)}
                </td>
                <td className="mono delivery-uuid">{attempt.deliveryId}</td>
                <td>
                  {attempt.statusCode !== null ? (
                    <ResponseStatus status={attempt.statusCode} />
                  ) : attempt.error !== null ? (
                    <span className="error-text">{attempt.error}</span>
                  ) : (
                    <span className="muted">in flight</span>
                  )}
                </td>
                <td className="mono">{attempt.durationMs === null ? '…' : formatDuration(attempt.durationMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
