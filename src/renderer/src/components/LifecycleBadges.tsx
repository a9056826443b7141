import type { LifecycleKind } from '../../../shared/lifecycle';
import { lifecycleKindExplanations, lifecycleKindWords, statusTone, statusWord } from '../lib/lifecycle-words';

/** A send's or stream's status: colour by family (done, failed, stopped, open), always with the status word. */
export function LifecycleStatusBadge({ status }: { status: string | null }) {
  return (
    <span className={`badge tone-${statusTone(status)}`} data-testid="lifecycle-status" data-status={status ?? ''}>
      {statusWord(status)}
    </span>
  );
}

export function TerminalBadge({ terminal }: { terminal: boolean }) {
  return terminal ? (
    <span className="badge terminal-yes" title="Reached a terminal status: no further events are expected (except spec 3's tx_hash follow-up).">
      terminal
    </span>
  ) : (
    <span className="badge terminal-no" title="Not terminal yet: more events may come.">
      open
    </span>
  );
}

export function ReorderedBadge({ reordered }: { reordered: boolean }) {
  if (!reordered) return null;
  return (
    <span className="badge flag-reordered" data-testid="reordered-badge" title="Some events arrived in a different order than their event time.">
      reordered
    </span>
  );
}

export function KindLabel({ kind }: { kind: LifecycleKind }) {
  return (
    <span className="kind-label" title={lifecycleKindExplanations[kind]}>
      {lifecycleKindWords[kind]}
    </span>
  );
}
