import type { ReplayBatch } from '../../../../shared/replay';
import { RouteLink } from '../../components/RouteLink';
import { formatCount, formatDuration, plural } from '../../lib/format';
import { routes } from '../../lib/links';
import { answerTone, replayStatus } from './replay-words';

/** A "replay many": the target's answers counted, then every send in the order it went. */
export function ReplayBatchResult({ batch }: { batch: ReplayBatch }) {
  const answers = Object.entries(batch.answers).sort(([a], [b]) => a.localeCompare(b));
  return (
    <div className="replay-batch" role="status">
      <div className="replay-summary" data-testid="replay-many-summary" data-sent={batch.replays.length} data-answers={JSON.stringify(batch.answers)}>
        <span>{plural(batch.replays.length, 'send')}; the target answered</span>
        {answers.map(([status, count]) => (
          <span key={status} className="replay-answer-count" data-status={status}>
            <span className={status === 'error' ? 'badge replay-failed' : `response-status ${answerTone(status)}`}>{status === 'error' ? 'no answer' : status}</span>
            <span className="muted">×{formatCount(count)}</span>
          </span>
        ))}
      </div>
      <table className="siblings-table replay-batch-table" data-testid="replay-many-sends">
        <thead>
          <tr>
            <th>Sent</th>
            <th>Delivery</th>
            <th>Answer</th>
            <th>Time</th>
            <th>Error</th>
          </tr>
        </thead>
        <tbody>
          {batch.replays.map((record, index) => (
            <tr key={record.id} data-testid="replay-many-send-row" data-delivery-id={record.deliveryId} data-status={replayStatus(record)}>
              <td className="muted num">{index + 1}</td>
              <td>
                <RouteLink to={routes.delivery(record.deliveryId)}>#{record.deliveryId}</RouteLink>
              </td>
              <td>{record.response ? <span className={`response-status ${answerTone(replayStatus(record))}`}>{record.response.status}</span> : '—'}</td>
              <td className="mono muted">{formatDuration(record.durationMs)}</td>
              <td className="error-text">{record.error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
