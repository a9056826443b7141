import type { DeliverySummary } from '../../../shared/delivery';
import type { Severity, SignatureVerdict } from '../../../shared/verdicts';
import { formatCount } from '../lib/format';
import { severityWords, statusClass, verdictExplanations, verdictWords } from '../lib/words';

/** Colour and a word: the colour helps scanning, the word carries the meaning. */
export function SignatureBadge({ verdict }: { verdict: SignatureVerdict }) {
  return (
    <span
      className={`badge signature-${verdict}`}
      data-testid="signature-badge"
      data-verdict={verdict}
      title={verdictExplanations[verdict]}
    >
      {verdictWords[verdict]}
    </span>
  );
}

export function SeverityBadge({ severity, count }: { severity: Severity; count?: number }) {
  const words = severityWords[severity];
  const text = count === undefined ? words.one : `${formatCount(count)} ${words.short}`;
  return (
    <span className={`badge severity-${severity}`} data-severity={severity} title={count === undefined ? undefined : `${count} ${words.one} finding(s)`}>
      {text}
    </span>
  );
}

/** Only the severities that occur; nothing when the delivery has no findings. */
export function FindingCountBadges({ counts }: { counts: DeliverySummary['findingCounts'] }) {
  const present = (['error', 'warning', 'info'] as const).filter((severity) => counts[severity] > 0);
  if (present.length === 0) return null;
  return (
    <span className="badge-group" data-testid="finding-counts">
      {present.map((severity) => (
        <SeverityBadge key={severity} severity={severity} count={counts[severity]} />
      ))}
    </span>
  );
}

export function DuplicateBadge({ count }: { count: number }) {
  if (count <= 1) return null;
  return (
    <span className="badge duplicate" data-testid="duplicate-badge" title={`${count} deliveries share this idempotency key`}>
      ×{formatCount(count)}
    </span>
  );
}

export function ResponseStatus({ status }: { status: number }) {
  return (
    <span className={`response-status status-${statusClass(status)}`} data-testid="response-status">
      {status}
    </span>
  );
}
