import { useState } from 'react';
import type { TransferProgress } from '../../../../shared/fixtures';
import { useServerEvent } from '../../hooks/useEventStream';
import { formatCount } from '../../lib/format';

interface TransferProgressBarProps {
  kind: TransferProgress['kind'];
  /** This view's export or import is running: show the core's progress of that kind. */
  active: boolean;
}

/** Progress of a long export or import, from `transfer.progress`, while it runs. */
export function TransferProgressBar({ kind, active }: TransferProgressBarProps) {
  const [latest, setLatest] = useState<TransferProgress | null>(null);
  useServerEvent('transfer.progress', (progress) => {
    if (active && progress.kind === kind) setLatest(progress);
  });
  if (!active) return null;
  // What is left from an earlier run has finished: until this run reports, the bar is indeterminate.
  const current = latest && !latest.finished ? latest : null;
  const total = current?.total ?? null;
  const label = kind === 'export' ? 'Exporting' : 'Importing';
  return (
    <div className="transfer-progress" data-testid="transfer-progress" data-kind={kind} data-done={current?.done ?? 0} data-total={total ?? ''} role="status">
      <progress max={total ?? 1} value={total === null ? undefined : (current?.done ?? 0)} aria-label={`${label} deliveries`} />
      <span className="muted num">
        {label}…{current && ` ${formatCount(current.done)}${total === null ? '' : ` / ${formatCount(total)}`}`}
      </span>
    </div>
  );
}
