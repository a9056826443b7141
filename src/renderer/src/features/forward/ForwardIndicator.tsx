import { RouteLink } from '../../components/RouteLink';
import { describeForward } from './forward-words';
import { useForwardSettings } from './useForwardSettings';

/** In the top bar while forwarding is on: where every delivery is also sent. */
export function ForwardIndicator() {
  const { settings } = useForwardSettings();
  if (!settings?.enabled || settings.target === null) return null;
  return (
    <span className="top-fact" data-testid="forward-indicator" data-target={settings.target}>
      <span className="fact-label">Forward</span>
      <RouteLink to={{ view: 'settings' }} className="fact-value forward-on" title={`Live forward ${describeForward(settings)}. Change it in Settings.`}>
        <span className="badge forward-on-badge">on</span> <code>{settings.target}</code>
      </RouteLink>
    </span>
  );
}
