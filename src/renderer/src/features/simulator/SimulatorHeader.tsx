import type { SimulatorState } from '../../../../shared/simulator';
import { CopyButton } from '../../components/CopyButton';
import { formatCount, formatDuration } from '../../lib/format';
import { DispatchStatusBadge } from './DispatchStatusBadge';
import { SimulatorCredentialsFacts } from './SimulatorCredentialsFacts';
import { dispatchStatusList } from './simulator-words';

type RunningState = Extract<SimulatorState, { running: true }>;

/** Spec 8: up to 8 attempts over roughly 90 minutes (the simulator's gaps add up to 89 min 57.5 s). */
const retrySpanMs = 5_397_500;

export function SimulatorHeader({ state }: { state: RunningState }) {
  return (
    <div className="simulator-facts">
      <span className="top-fact">
        <span className="fact-label">API</span>
        <code className="fact-value" data-testid="simulator-api-url">
          {state.apiUrl}
        </code>
        <CopyButton text={state.apiUrl} what="simulator API URL" />
      </span>
      {state.credentials === null ? (
        <span className="top-fact muted" data-testid="simulator-credentials-admins-only">
          Only admins see the simulator&apos;s API token and signing secret
        </span>
      ) : (
        <SimulatorCredentialsFacts credentials={state.credentials} />
      )}
      <span className="top-fact" data-testid="simulator-time-scale" data-scale={state.timeScale}>
        <span className="fact-label">Time</span>
        <span className="fact-value">{describeTimeScale(state.timeScale)}</span>
      </span>
      <span className="top-fact">
        <span className="fact-label">Seed</span>
        <code className="fact-value" data-testid="simulator-seed">
          {state.seed}
        </code>
      </span>
      <span className="top-fact simulator-counts" data-testid="simulator-counts">
        {dispatchStatusList.map((status) => (
          <span key={status} className="count-chip" data-status={status} data-count={state.counts[status]}>
            <DispatchStatusBadge status={status} />
            <span className="count-value">{formatCount(state.counts[status])}</span>
          </span>
        ))}
      </span>
    </div>
  );
}

function describeTimeScale(scale: number): string {
  if (scale === 1) return 'real timings: retries spread over about 90 min';
  const factor = Number(scale.toPrecision(4));
  return `×${formatCount(factor)}: 90 min of retries take ${formatDuration(retrySpanMs / scale)}`;
}
