import type { CoreStatus } from '../../../../shared/contract';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { RoleGate } from '../../components/RoleGate';
import { AuditLogCard } from '../audit/AuditLogCard';
import { UsersCard } from '../users/UsersCard';
import { formatBytes, formatCount } from '../../lib/format';
import { ForwardSettingsCard } from '../forward/ForwardSettingsCard';
import { EgressSettings } from './EgressSettings';
import { ExportAllSettings } from '../transfer/ExportAllSettings';
import { ImportSettings } from '../transfer/ImportSettings';
import { PolicySettings } from './PolicySettings';
import { PortSettings } from './PortSettings';
import { RetentionSettings } from './RetentionSettings';
import { SecretSettings } from './SecretSettings';
import { ServiceSettings } from './ServiceSettings';
import { SessionCard } from './SessionCard';
import { SharedInspectorSettings } from './SharedInspectorSettings';
import { SourceSettings } from '../sources/SourceSettings';

interface SettingsViewProps {
  status: CoreStatus | null;
  statusError: unknown;
  onStatus: (status: CoreStatus) => void;
  onPolicy: (policy: CoreStatus['policy']) => void;
}

export function SettingsView({ status, statusError, onStatus, onPolicy }: SettingsViewProps) {
  if (!status) {
    return <div className="settings-view">{statusError ? <CallErrorMessage error={statusError} /> : <p className="muted">Loading…</p>}</div>;
  }
  return (
    <div className="settings-view">
      <SessionCard />
      <RoleGate call="settings.setService" doing="change the service the inspector talks to">
        <ServiceSettings service={status.service} onApplied={onStatus} />
      </RoleGate>
      <RoleGate call="sources.set" doing="change the relay source">
        <SourceSettings relay={status.relay} sources={status.sources} onApplied={onStatus} />
      </RoleGate>
      <RoleGate call="settings.setSecret" doing="change the signing secret">
        <SecretSettings secret={status.secret} />
      </RoleGate>
      <RoleGate call="settings.setPolicy" doing="change how the receiver answers">
        <PolicySettings policy={status.policy} onSaved={onPolicy} />
      </RoleGate>
      <RoleGate call="forward.set" doing="change forwarding">
        <ForwardSettingsCard />
      </RoleGate>
      <RoleGate call="egress.set" doing="change the targets the server may reach">
        <EgressSettings />
      </RoleGate>
      <RoleGate call="settings.setPorts" doing="change the receiver's ports">
        <PortSettings ports={status.ports} onApplied={onStatus} />
      </RoleGate>
      <RoleGate call="settings.setRetention" doing="change retention">
        <RetentionSettings retention={status.retention} onApplied={onStatus} />
      </RoleGate>
      <RoleGate call="import.path" doing="import deliveries">
        <ImportSettings bodyLimitBytes={status.bodyLimitBytes} />
      </RoleGate>
      <RoleGate call="export.fixtures" doing="export deliveries">
        <ExportAllSettings />
      </RoleGate>
      <SharedInspectorSettings />
      <UsersCard />
      <AuditLogCard retention={status.auditRetention} />
      <section className="settings-card" aria-labelledby="settings-about-title">
        <h2 id="settings-about-title">About this run</h2>
        <dl className="facts">
          <dt>Data folder</dt>
          <dd className="mono" data-testid="settings-data-dir">
            {status.dataDir ?? <span className="muted">Only admins see the server&apos;s paths</span>}
          </dd>
          <dt>Store</dt>
          <dd data-testid="settings-store">
            {status.store.engine === 'postgresql' ? 'PostgreSQL' : 'SQLite'}{' '}
            {status.store.location === null ? (
              <span className="muted">(only admins see where it is)</span>
            ) : (
              <span className="mono">{status.store.location}</span>
            )}
          </dd>
          <dt>Deliveries stored</dt>
          <dd>{formatCount(status.deliveryCount)}</dd>
          <dt>Body limit</dt>
          <dd>
            {formatBytes(status.bodyLimitBytes)} (a larger body is answered 413 and its first {formatBytes(status.bodyLimitBytes)}{' '}
            kept; one whose Content-Length is larger and whose sender asks Expect: 100-continue is answered 413 before it is
            sent, and only its headers are kept)
          </dd>
          <dt>Version</dt>
          <dd className="mono">{status.version}</dd>
        </dl>
      </section>
    </div>
  );
}
