import type { ReplayRecord } from '../../../../shared/replay';
import { ResponseStatus } from '../../components/Badges';
import { HeaderPairsTable } from '../../components/HeaderPairsTable';
import { PeerText } from '../../components/PeerText';
import { formatBytes, formatDuration } from '../../lib/format';
import { signingWords } from './replay-words';

interface ReplayAnswerProps {
  record: ReplayRecord;
  /** Also show what was sent (history rows); the panel's fresh result shows the answer only. */
  withRequest?: boolean;
  /** The test id of the error line (the panel's fresh result has one). */
  errorTestId?: string;
}

/** What the target answered (status, headers, body, time taken) or why no answer came. */
export function ReplayAnswer({ record, withRequest = false, errorTestId }: ReplayAnswerProps) {
  const { response, error } = record;
  return (
    <div className="replay-answer">
      <dl className="facts">
        <dt>Answer</dt>
        <dd>
          {response ? <ResponseStatus status={response.status} /> : <span className="badge replay-failed">no answer</span>}{' '}
          <span className="muted">after {formatDuration(record.durationMs)}</span>
        </dd>
        {error !== null && (
          <>
            <dt>Error</dt>
            <dd className="error-text" data-testid={errorTestId}>
              <PeerText text={error} />
            </dd>
          </>
        )}
        {withRequest && (
          <>
            <dt>Sent to</dt>
            <dd className="mono">
              {record.request.method} <PeerText text={record.url} />
            </dd>
            <dt>Body</dt>
            <dd>
              {formatBytes(record.request.bodySize)} · <span className="mono digest">sha256 {record.request.bodySha256}</span>
            </dd>
            <dt>Signing</dt>
            <dd>{signingWords[record.signingMode]}</dd>
          </>
        )}
      </dl>
      {withRequest && <HeaderTable title="Request headers" headers={record.request.headers} />}
      {response && (
        <>
          <HeaderTable title="Response headers" headers={response.headers} />
          <div className="body-view-title">
            Response body
            {response.bodyTruncated && <span className="warn-text"> · cut at the capture limit</span>}
          </div>
          {response.body === '' ? (
            <p className="muted replay-empty-body">empty</p>
          ) : (
            <pre className="raw-body replay-response-body" data-testid="replay-response-body">
              <PeerText text={response.body} />
            </pre>
          )}
        </>
      )}
    </div>
  );
}

function HeaderTable({ title, headers }: { title: string; headers: ReplayRecord['request']['headers'] }) {
  return (
    <>
      <div className="body-view-title">{title}</div>
      <HeaderPairsTable headers={headers} className="replay-headers" />
    </>
  );
}
