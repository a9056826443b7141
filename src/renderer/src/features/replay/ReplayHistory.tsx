import type { ReplayRecord } from '../../../../shared/replay';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { formatDuration, formatFullTime, formatReceivedTime } from '../../lib/format';
import { CompareWithBefore } from '../compare/AnswerComparison';
import { DetailSection } from '../deliveries/detail/DetailSection';
import { answerTone, replayStatus, signingWords } from './replay-words';
import { ReplayAnswer } from './ReplayAnswer';
import { ReplayEditedChanges } from './ReplayEditedChanges';
import type { ReplaysState } from './useReplays';

/** Every replay and forward of this delivery, newest first; a row opens to what was sent and answered. */
export function ReplayHistory({ replays }: { replays: ReplaysState }) {
  const { items, error } = replays;
  return (
    <DetailSection title="Replays and forwards" aside={items && <span className="muted">{items.length}</span>}>
      <CallErrorMessage error={error} testId="replay-history-error" />
      <div className="replay-history" data-testid="replay-history" data-count={items?.length ?? ''}>
        {items === null && error === null && <p className="muted">Loading…</p>}
        {items?.length === 0 && <p className="muted">Not replayed or forwarded yet.</p>}
        {items?.map((record, index) => <HistoryRow key={record.id} record={record} before={items[index + 1] ?? null} />)}
      </div>
    </DetailSection>
  );
}

function HistoryRow({ record, before }: { record: ReplayRecord; before: ReplayRecord | null }) {
  const status = replayStatus(record);
  return (
    <details className="replay-row" data-testid="replay-history-row" data-kind={record.kind} data-status={status} data-id={record.id}>
      <summary className="replay-row-summary">
        <span className={`badge kind-${record.kind}`}>{record.kind}</span>
        <span className="mono muted replay-row-time" title={formatFullTime(record.startedAt)}>
          {formatReceivedTime(record.startedAt)}
        </span>
        {/* Who sent it shares the target's cell: the row keeps its columns, and the answer never leaves it. */}
        <span className="replay-row-target" title={record.url}>
          {record.sentBy !== null && (
            <span className="muted replay-row-sent-by" data-testid="replay-sent-by">
              by {record.sentBy}
            </span>
          )}
          <span className="mono">{record.url}</span>
        </span>
        <span className="replay-row-signing">
          {record.edited && (
            <span className="badge replay-edited" data-testid="replay-edited" title="Its body or headers were edited before sending">
              edited
            </span>
          )}
          {signingWords[record.signingMode]}
        </span>
        {record.response ? (
          <span className={`response-status ${answerTone(status)}`}>{status}</span>
        ) : (
          <span className="badge replay-failed" title={record.error ?? undefined}>
            error
          </span>
        )}
        <span className="mono muted replay-row-duration">{formatDuration(record.durationMs)}</span>
      </summary>
      <div className="replay-row-detail">
        <ReplayAnswer record={record} withRequest />
        {record.edited && <ReplayEditedChanges record={record} />}
        {before !== null && <CompareWithBefore before={before} now={record} label={`${before.kind} ${formatReceivedTime(before.startedAt)}`} />}
      </div>
    </details>
  );
}
