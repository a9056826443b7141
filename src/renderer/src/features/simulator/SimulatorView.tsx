import { useEffect, useMemo, useState } from 'react';
import type { CoreStatus } from '../../../../shared/contract';
import type { SimulatorState } from '../../../../shared/simulator';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { formatCount } from '../../lib/format';
import { BehaviourForm } from './BehaviourForm';
import { DemoOrderResult } from './DemoOrderResult';
import { EventDetail } from './EventDetail';
import { EventTable } from './EventTable';
import { SimulatorHeader } from './SimulatorHeader';
import { dispatchStatusList, dispatchStatusWords, type DispatchStatus } from './simulator-words';
import { useDemoOrder } from './useDemoOrder';
import { useSimulatorState } from './useSimulatorState';
import { RoleGate } from '../../components/RoleGate';

interface SimulatorViewProps {
  status: CoreStatus | null;
  onOpenDeliveries: () => void;
  onOpenSettings: () => void;
}

export function SimulatorView({ status, onOpenDeliveries, onOpenSettings }: SimulatorViewProps) {
  const simulator = useSimulatorState();
  const { state, error, reload } = simulator;

  // Switching service in Settings starts or stops the simulator.
  const serviceMode = status?.service.mode;
  useEffect(() => {
    if (serviceMode !== undefined) reload();
  }, [serviceMode, reload]);

  if (state === null) {
    return (
      <div className="simulator-view simulator-message" data-testid="simulator-view" data-running="unknown">
        {error ? (
          <>
            <CallErrorMessage error={error} />
            <button type="button" onClick={reload}>
              Retry
            </button>
          </>
        ) : (
          <p className="muted">Loading…</p>
        )}
      </div>
    );
  }
  if (!state.running) {
    return (
      <div className="simulator-view simulator-message" data-testid="simulator-view" data-running="false">
        <h2>The simulator is not running</h2>
        <p>
          The inspector is connected to a real service{status?.service.baseUrl ? <> at <code>{status.service.baseUrl}</code></> : null}, so the embedded
          simulator is stopped. To use it again, switch the service back to the simulator in{' '}
          <button type="button" className="link-button" data-testid="simulator-open-settings" onClick={onOpenSettings}>
            Settings
          </button>
          .
        </p>
      </div>
    );
  }
  return <RunningSimulator state={state} error={error} onBehaviour={simulator.replaceBehaviour} onChanged={reload} onOpenDeliveries={onOpenDeliveries} />;
}

interface RunningSimulatorProps {
  state: Extract<SimulatorState, { running: true }>;
  error: unknown;
  onBehaviour: (behaviour: Extract<SimulatorState, { running: true }>['behaviour']) => void;
  onChanged: () => void;
  onOpenDeliveries: () => void;
}

function RunningSimulator({ state, error, onBehaviour, onChanged, onOpenDeliveries }: RunningSimulatorProps) {
  const demo = useDemoOrder();
  const [statusFilter, setStatusFilter] = useState<DispatchStatus | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const events = useMemo(() => (statusFilter === null ? state.events : state.events.filter((event) => event.status === statusFilter)), [state.events, statusFilter]);
  const selected = selectedId === null ? undefined : state.events.find((event) => event.id === selectedId);

  return (
    <div className="simulator-view" data-testid="simulator-view" data-running="true">
      <header className="simulator-header">
        <SimulatorHeader state={state} />
        <RoleGate call="simulator.createDemoOrder" doing="create demo payout orders" inline>
          <button type="button" className="primary" data-testid="simulator-create-demo" disabled={demo.busy} onClick={demo.create}>
            {demo.busy ? 'Creating…' : 'Create demo payout order'}
          </button>
        </RoleGate>
      </header>
      {(demo.orders !== null || Boolean(demo.error) || Boolean(error)) && (
        <div className="simulator-notices">
          {demo.orders && <DemoOrderResult orders={demo.orders} onOpenDeliveries={onOpenDeliveries} />}
          <CallErrorMessage error={demo.error} testId="simulator-demo-error" />
          <CallErrorMessage error={error} testId="simulator-state-error" />
        </div>
      )}
      <div className="simulator-body">
        <div className="simulator-events">
          <div className="list-toolbar">
            <label className={`filter-select${statusFilter ? ' active' : ''}`}>
              <span className="filter-label">Status</span>
              <select
                data-testid="simulator-filter-status"
                value={statusFilter ?? ''}
                onChange={(event) => setStatusFilter((event.target.value || null) as DispatchStatus | null)}
              >
                <option value="">any</option>
                {dispatchStatusList.map((status) => (
                  <option key={status} value={status}>
                    {dispatchStatusWords[status]} ({formatCount(state.counts[status])})
                  </option>
                ))}
              </select>
            </label>
            <span className="delivery-count" data-testid="simulator-event-count">
              {formatCount(events.length)} {events.length === 1 ? 'event' : 'events'}
              {state.events.length > 0 && events.length !== state.events.length ? ` of ${formatCount(state.events.length)}` : ''}
            </span>
          </div>
          {state.events.length === 0 ? (
            <div className="empty-state" data-testid="simulator-events-empty">
              <h2>No events yet</h2>
              <p>Create a demo payout order: its recipients&apos; webhooks are listed here with every attempt, and arrive in Deliveries.</p>
            </div>
          ) : events.length === 0 ? (
            <div className="list-message">
              <p>No event is {statusFilter ? dispatchStatusWords[statusFilter] : ''}.</p>
            </div>
          ) : (
            <EventTable events={events} selectedId={selectedId} onSelect={setSelectedId} />
          )}
        </div>
        <aside className="simulator-side">
          {selected ? (
            <EventDetail key={selected.id} event={selected} onClose={() => setSelectedId(null)} onResent={onChanged} />
          ) : (
            <p className="muted simulator-side-hint">Select an event to see its attempts.</p>
          )}
          <BehaviourForm behaviour={state.behaviour} onSaved={onBehaviour} />
        </aside>
      </div>
    </div>
  );
}
