import { useState } from 'react';
import { CallErrorMessage } from './components/CallErrorMessage';
import { NavRail } from './components/NavRail';
import { TopBar } from './components/TopBar';
import { DeliveriesView } from './features/deliveries/DeliveriesView';
import { SettingsView } from './features/settings/SettingsView';
import { SimulatorView } from './features/simulator/SimulatorView';
import { useHashRoute } from './hooks/useHashRoute';
import { useStatus } from './hooks/useStatus';
import { defaultRoute, type Route } from './lib/route';

export function App() {
  const [route, navigate] = useHashRoute();
  const { status, error: statusError, replaceStatus, replacePolicy } = useStatus();
  // Coming back from another view restores the filters and selection the list had.
  const [deliveriesRoute, setDeliveriesRoute] = useState<Route>(defaultRoute);

  const switchView = (view: Route['view']) => {
    if (view === route.view) return;
    if (route.view === 'deliveries') setDeliveriesRoute(route);
    navigate(view === 'deliveries' ? deliveriesRoute : { view }, 'push');
  };

  return (
    <div className="app-shell">
      <NavRail current={route.view} onSelect={switchView} />
      <div className="app-main">
        <TopBar status={status} />
        {statusError !== null && status === null && (
          <div className="banner">
            <CallErrorMessage error={statusError} testId="status-error" />
          </div>
        )}
        <main className="app-view">
          {route.view === 'deliveries' ? (
            <DeliveriesView filter={route.filter} selectedId={route.deliveryId} navigate={navigate} status={status} />
          ) : route.view === 'simulator' ? (
            <SimulatorView status={status} onOpenDeliveries={() => switchView('deliveries')} onOpenSettings={() => switchView('settings')} />
          ) : (
            <SettingsView status={status} statusError={statusError} onStatus={replaceStatus} onPolicy={replacePolicy} />
          )}
        </main>
      </div>
    </div>
  );
}
