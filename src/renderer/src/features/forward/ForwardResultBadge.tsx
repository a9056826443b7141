import type { ReplayRecord } from '../../../../shared/replay';
import { formatFullTime } from '../../lib/format';
import { statusClass } from '../../lib/words';

/** The live forward of this delivery, beside it: "forwarded · 202 → <the URL used>", or "forward failed" with why. */
export function ForwardResultBadge({ replays }: { replays: readonly ReplayRecord[] | null }) {
  const forward = replays?.find((record) => record.kind === 'forward');
  if (!forward) return null;
  const when = formatFullTime(forward.startedAt);
  const sentTo = (
    <span className="forward-result-url">
      → <code data-testid="forward-url">{forward.url}</code>
    </span>
  );
  if (!forward.response) {
    return (
      <>
        <span className="badge forward-failed" data-testid="forward-badge" data-status="error" title={`Forward to ${forward.url} failed at ${when}: ${forward.error ?? 'no answer'}`}>
          forward failed
        </span>
        {sentTo}
      </>
    );
  }
  const { status } = forward.response;
  return (
    <>
      <span className={`badge forward-${statusClass(status)}`} data-testid="forward-badge" data-status={status} title={`Forwarded to ${forward.url} at ${when}; it answered ${status}`}>
        forwarded · {status}
      </span>
      {sentTo}
    </>
  );
}
