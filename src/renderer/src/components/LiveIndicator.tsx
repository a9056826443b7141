import { useLiveConnection } from '../hooks/useEventStream';

const words = { connected: 'live', connecting: 'connecting…', reconnecting: 'reconnecting…', refused: 'signed out' } as const;
const explanations = {
  connected: 'Connected to the inspector core: new deliveries appear as they arrive.',
  connecting: 'Connecting to the inspector core…',
  reconnecting: 'The connection to the inspector core dropped; retrying. The list catches up once it is back.',
  refused: 'The inspector refused this page’s token: no live updates until the page is opened with a valid one.',
} as const;

export function LiveIndicator() {
  const connection = useLiveConnection();
  return (
    <span className={`live-indicator live-${connection}`} data-testid="live-indicator" data-state={connection} title={explanations[connection]} role="status">
      <span className="live-dot" aria-hidden="true" />
      {words[connection]}
    </span>
  );
}
