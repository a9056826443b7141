import { serviceReadTimeoutMs, type DeliveryDetail } from '../../../../../shared/delivery';
import { ResponseStatus } from '../../../components/Badges';
import { PeerText } from '../../../components/PeerText';
import { formatBytes, formatDuration, formatFullTime } from '../../../lib/format';
import { formWords } from '../../../lib/words';
import { SourceMark } from '../../sources/SourceMark';
import { DetailSection } from './DetailSection';

export function RequestFactsSection({ detail }: { detail: DeliveryDetail }) {
  return (
    <DetailSection title="Request">
      <dl className="facts" data-testid="detail-request">
        <dt>Received</dt>
        <dd className="mono">{formatFullTime(detail.receivedAt)}</dd>
        <dt>Request</dt>
        <dd className="mono">
          {detail.method} <PeerText text={detail.path} />
          {detail.query && <PeerText text={detail.query.startsWith('?') ? detail.query : `?${detail.query}`} />}
        </dd>
        <dt>From</dt>
        <dd className="mono">{detail.remoteAddress ?? '—'}</dd>
        <dt>Transport</dt>
        <dd>{detail.tls ? 'HTTPS (TLS)' : 'plain HTTP (no TLS)'}</dd>
        <dt>Size</dt>
        <dd>
          {formatBytes(detail.bodySize)}
          {detail.bodySize >= 1024 && <span className="muted"> ({detail.bodySize} bytes)</span>}
          {detail.bodyTruncated && <span className="warn-text"> · truncated at the size limit</span>}
        </dd>
        <dt>SHA-256</dt>
        <dd className="mono digest">{detail.bodySha256}</dd>
        <dt>Delivery id</dt>
        <dd className="mono">{detail.deliveryId ?? <span className="muted">no X-Service-Delivery header</span>}</dd>
        <dt>Event time</dt>
        <dd className="mono">{detail.eventTime ?? '—'}</dd>
        <dt>Form</dt>
        <dd>
          {detail.payoutType ?? 'no payout_type'} · {formWords[detail.form]}
        </dd>
        <dt>Origin</dt>
        <dd>
          {detail.imported ? 'imported from a file' : 'received live'}
          {detail.source !== null && (
            <>
              {' '}
              <SourceMark source={detail.source} withName />
            </>
          )}
        </dd>
      </dl>
    </DetailSection>
  );
}

export function ResponseSection({ response }: { response: DeliveryDetail['response'] }) {
  return (
    <DetailSection title="Response given">
      <dl className="facts" data-testid="detail-response">
        <dt>Status</dt>
        <dd>
          <ResponseStatus status={response.status} />
        </dd>
        <dt>Why</dt>
        <dd>{response.reason}</dd>
        {response.afterMs !== null && (
          <>
            <dt>Answered</dt>
            <dd data-testid="detail-answered-after">
              {formatDuration(response.afterMs)} after the request arrived
              {response.afterMs >= serviceReadTimeoutMs && (
                <span className="warn-text"> · later than the service waits (10 s, spec 8): it counted a failure and retries</span>
              )}
            </dd>
          </>
        )}
        {response.body && (
          <>
            <dt>Body</dt>
            <dd>
              <pre className="response-body">{response.body}</pre>
            </dd>
          </>
        )}
      </dl>
    </DetailSection>
  );
}
