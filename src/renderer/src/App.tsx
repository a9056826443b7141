import { useEffect, useRef } from 'react';
import { CallErrorMessage } from './components/CallErrorMessage';
import { NavRail } from './components/NavRail';
import { TokenRefusedPanel } from './components/TokenRefusedPanel';
import { TopBar } from './components/TopBar';
import { ApiView } from './features/api/ApiView';
import { CheckView } from './features/check/CheckView';
import { CompareView } from './features/compare/CompareView';
import { DeliveriesView } from './features/deliveries/DeliveriesView';
import { DuplicatesView } from './features/duplicates/DuplicatesView';
import { LifecyclesView } from './features/lifecycles/LifecyclesView';
import { OrdersView } from './features/orders/OrdersView';
import { SettingsView } from './features/settings/SettingsView';
import { SimulatorView } from './features/simulator/SimulatorView';
import { useHashRoute } from './hooks/useHashRoute';
import { NavigateContext, useNavigate } from './hooks/useNavigate';
import { useStatus, type StatusState } from './hooks/useStatus';
import { useTokenRefusal } from './hooks/useTokenRefusal';
import { emptyRoute, type Route, type View } from './lib/route';
import { ReconcileView } from './features/reconcile/ReconcileView';

export function App() {
  const [route, navigate] = useHashRoute();
  const { status, error: statusError, replaceStatus, replacePolicy } = useStatus();
  // A refused token is final for the page: the views' own errors and retries would only repeat it.
  const tokenRefusal = useTokenRefusal();
  // Coming back to a view restores the filters and selection it had.
  const lastRoutes = useRef<Partial<Record<View, Route>>>({});
  useEffect(() => {
    lastRoutes.current[route.view] = route;
  }, [route]);

  const switchView = (view: View) => {
    if (view === route.view) return;
    navigate(lastRoutes.current[view] ?? emptyRoute(view), 'push');
  };

  return (
    <NavigateContext value={navigate}>
      <div className="app-shell">
        <NavRail current={route.view} onSelect={switchView} />
        <div className="app-main">
          <TopBar status={status} />
          {tokenRefusal === null && statusError !== null && status === null && (
            <div className="banner">
              <CallErrorMessage error={statusError} testId="status-error" />
            </div>
          )}
          <main className="app-view">
            {tokenRefusal !== null ? (
              <TokenRefusedPanel reason={tokenRefusal} />
            ) : (
              <CurrentView route={route} status={status} switchView={switchView} onStatus={replaceStatus} onPolicy={replacePolicy} statusError={statusError} />
            )}
          </main>
        </div>
      </div>
    </NavigateContext>
  );
}

interface CurrentViewProps {
  route: Route;
  status: StatusState['status'];
  statusError: unknown;
  switchView: (view: View) => void;
  onStatus: StatusState['replaceStatus'];
  onPolicy: StatusState['replacePolicy'];
}

function CurrentView({ route, status, statusError, switchView, onStatus, onPolicy }: CurrentViewProps) {
  const navigate = useNavigate();
  switch (route.view) {
    case 'deliveries':
      return <DeliveriesView filter={route.filter} mention={route.mention} selectedId={route.deliveryId} navigate={navigate} status={status} />;
    case 'duplicates':
      return <DuplicatesView selectedFirstId={route.firstId} />;
    case 'lifecycles':
      return <LifecyclesView filter={route.filter} selectedKey={route.key} />;
    case 'orders':
      return <OrdersView selectedUuid={route.orderUuid} openRecipientKey={route.recipientKey} />;
    case 'api':
      return <ApiView route={route} status={status} />;
    case 'simulator':
      return <SimulatorView status={status} onOpenDeliveries={() => switchView('deliveries')} onOpenSettings={() => switchView('settings')} />;
    case 'check':
      return <CheckView status={status} deliveryIds={route.deliveryIds} onOpenSettings={() => switchView('settings')} />;
    case 'compare':
      return <CompareView left={route.left} right={route.right} />;
    case 'reconcile':
      return <ReconcileView runId={route.runId} klass={route.klass} />;
    case 'settings':
      return <SettingsView status={status} statusError={statusError} onStatus={onStatus} onPolicy={onPolicy} />;
  }
}
