import type { SourceHealth } from '../../../../shared/relay';
import { describeSourceHealth, relayName } from './source-words';

/** A relay source in the top bar: connected, catching up, or disconnected since when and why (never silently stopped). */
export function SourceHealthFact({ health }: { health: SourceHealth }) {
  const described = describeSourceHealth(health);
  return (
    <span className="top-fact" data-testid="source-health" data-state={health.state} title={described.detail}>
      <span className="fact-label">Relay</span>
      <span className="fact-value mono">{relayName(health.name)}</span>
      <span className={`fact-value source-${described.tone}`} role={described.tone === 'error' ? 'alert' : undefined}>
        {described.label}
      </span>
    </span>
  );
}
