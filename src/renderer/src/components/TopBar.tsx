import type { CoreStatus, StoreFailure } from '../../../shared/contract';
import { formatCount, formatFullTime, shortenFingerprint } from '../lib/format';
import { describePolicy, describeSecret } from '../lib/words';
import { ForwardIndicator } from '../features/forward/ForwardIndicator';
import { SourceHealthFact } from '../features/sources/SourceHealthFact';
import { describeKept, describePruned, describeRetentionLimits } from '../features/settings/retention-words';
import { useTokenRefusal } from '../hooks/useTokenRefusal';
import { CopyButton } from './CopyButton';
import { LiveIndicator } from './LiveIndicator';
import { SecretFingerprint } from './SecretFingerprint';
import { ReconcileAlert } from '../features/reconcile/ReconcileAlert';

const refusedWords = { revoked: 'Signed out: your token was revoked', unrecognised: 'Signed out: this inspector does not recognise your token' } as const;

export function TopBar({ status }: { status: CoreStatus | null }) {
  const refusal = useTokenRefusal();
  return (
    <header className="top-bar">
      <div className="top-facts">
        {refusal !== null ? (
          <span className="top-fact error-text" data-testid="token-refused-fact">
            {refusedWords[refusal]}
          </span>
        ) : status ? (
          <StatusFacts status={status} />
        ) : (
          <span className="muted">Connecting to the inspector core…</span>
        )}
      </div>
      <LiveIndicator />
    </header>
  );
}

function StatusFacts({ status }: { status: CoreStatus }) {
  const secret = describeSecret(status.secret);
  const receivers = [
    { scheme: 'HTTPS', url: status.receivers.https },
    { scheme: 'HTTP', url: status.receivers.http },
  ].filter((receiver): receiver is { scheme: string; url: string } => receiver.url !== null);

  return (
    <>
      {receivers.map(({ scheme, url }) => (
        <span className="top-fact" key={scheme}>
          <span className="fact-label">{scheme}</span>
          <code className="fact-value" data-testid="receiver-url" data-scheme={scheme.toLowerCase()}>
            {url}
          </code>
          <CopyButton text={url} what={`${scheme} receiver URL`} />
        </span>
      ))}
      {receivers.length === 0 && <span className="top-fact warn">No receiver is listening</span>}
      {status.storeFailure && <StoreFailureFact failure={status.storeFailure} />}
      {status.derivedFailure && (
        <span className="top-fact warn" role="status" data-testid="derived-failure" title={`Since ${formatFullTime(status.derivedFailure.since)}; retrying. Deliveries are still stored.`}>
          Lifecycles, duplicates and search not updated: {status.derivedFailure.message}
        </span>
      )}
      {status.sources.map((health) => (
        <SourceHealthFact key={health.name} health={health} />
      ))}
      <span className="top-fact" data-testid="retention-summary" title={`Retention: ${describeRetentionLimits(status.retention.limits)}`}>
        <span className="fact-label">Store</span>
        <span className="fact-value">
          {describeKept(status.retention)}
          {status.retention.pruned.count > 0 && ` (${describePruned(status.retention)})`}
        </span>
      </span>
      <span className="top-fact">
        <span className="fact-label">Cert SHA-256</span>
        <code className="fact-value" data-testid="cert-fingerprint" title={status.certificateFingerprint}>
          {shortenFingerprint(status.certificateFingerprint)}
        </code>
        <CopyButton text={status.certificateFingerprint} what="certificate SHA-256 fingerprint" />
      </span>
      <span className="top-fact">
        <span className="fact-label">Secret</span>
        <span
          className={`fact-value secret-${status.secret.set ? 'set' : 'unset'}${secret.warn ? ' warn' : ''}`}
          data-testid="secret-status"
          data-set={status.secret.set}
          data-storage={status.secret.storage}
          title={secret.detail}
        >
          {secret.label}
        </span>
        {status.secret.fingerprint !== null && <SecretFingerprint fingerprint={status.secret.fingerprint} testId="secret-fingerprint" />}
      </span>
      <span className="top-fact">
        <span className="fact-label">Response</span>
        <span className="fact-value" data-testid="policy-summary">
          {describePolicy(status.policy)}
        </span>
      </span>
      <ForwardIndicator />
      <ReconcileAlert />
    </>
  );
}

/** Deliveries refused because the store cannot write (a full or read-only disk): said here, not only in the log. */
function StoreFailureFact({ failure }: { failure: StoreFailure }) {
  const refused = `${formatCount(failure.refused)} ${failure.refused === 1 ? 'delivery' : 'deliveries'}`;
  return (
    <span
      className="top-fact error-text"
      role="alert"
      data-testid="store-failure"
      title={`Since ${formatFullTime(failure.since)}: ${failure.message}. Senders were answered 503, so the service retries them.`}
    >
      Not storing: {failure.message} ({refused} answered 503)
    </span>
  );
}
