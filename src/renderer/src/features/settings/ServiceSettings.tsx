import { useState } from 'react';
import type { CoreStatus } from '../../../../shared/contract';
import type { ServiceConnection } from '../../../../shared/simulator';
import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { useCallAction } from '../../hooks/useCallAction';
import { DraftActions } from '../../components/form/DraftActions';
import { SecretField, TextField } from '../../components/form/fields';
import { FormProblem } from '../../components/form/FormProblems';
import { isHttpUrl } from '../../lib/urls';

type Mode = CoreStatus['service']['mode'];

interface ServiceDraft {
  mode: Mode;
  baseUrl: string;
  /** Typed here only; never read back from the core. */
  apiToken: string;
}

interface ServiceSettingsProps {
  service: CoreStatus['service'];
  onApplied: (status: CoreStatus) => void;
}

/** Which payout service the inspector talks to: the embedded simulator, or a real one with its API token. */
export function ServiceSettings({ service, onApplied }: ServiceSettingsProps) {
  const [draft, setDraft] = useState<ServiceDraft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown: ServiceDraft = draft ?? { mode: service.mode, baseUrl: service.mode === 'service' ? (service.baseUrl ?? '') : '', apiToken: '' };

  const apply = useCallAction(async (connection: ServiceConnection, apiToken: string | undefined) => {
    const status = await call('settings.setService', apiToken === undefined ? { connection } : { connection, apiToken });
    onApplied(status);
    setDraft(null);
    return status.service.mode === 'simulator'
      ? 'Using the embedded simulator.'
      : `Using the service at ${status.service.baseUrl ?? connection.mode}; the simulator is stopped.`;
  });

  const edit = (change: Partial<ServiceDraft>) => {
    apply.clear();
    setProblem(null);
    setDraft({ ...shown, ...change });
  };

  const submit = () => {
    if (shown.mode === 'simulator') {
      void apply.run({ mode: 'simulator' }, undefined);
      return;
    }
    const baseUrl = shown.baseUrl.trim();
    if (!isHttpUrl(baseUrl)) {
      setProblem('The base URL is an http:// or https:// address, e.g. https://api.example.com.');
      return;
    }
    if (shown.apiToken === '' && !service.apiTokenSet) {
      setProblem('The service needs an API token (sent as X-Api-Token).');
      return;
    }
    void apply.run({ mode: 'service', baseUrl }, shown.apiToken === '' ? undefined : shown.apiToken);
  };

  return (
    <section className="settings-card" aria-labelledby="settings-service-title">
      <h2 id="settings-service-title">Service</h2>
      <p className="muted">
        The payout service the inspector talks to. With a real service the embedded simulator stops: its API, its webhooks and its signing secret.
      </p>
      <form
        className="settings-grid"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="field">
          <span>Mode</span>
          <select data-testid="settings-service-mode" value={shown.mode} onChange={(event) => edit({ mode: event.target.value as Mode })}>
            <option value="simulator">embedded simulator</option>
            <option value="service">a real service</option>
          </select>
        </label>
        {shown.mode === 'service' && (
          <>
            <TextField
              className="wide-field"
              type="url"
              label="Base URL"
              testId="settings-service-url"
              placeholder="https://api.example.com"
              value={shown.baseUrl}
              onChange={(baseUrl) => edit({ baseUrl })}
            />
            <SecretField
              className="wide-field"
              label={
                <>
                  API token{' '}
                  {service.apiTokenSet && (
                    <span className="ok-text" data-testid="settings-service-token-set">
                      token set
                    </span>
                  )}
                </>
              }
              testId="settings-service-token"
              placeholder={service.apiTokenSet ? 'leave empty to keep the token set' : 'X-Api-Token'}
              value={shown.apiToken}
              onChange={(apiToken) => edit({ apiToken })}
            />
          </>
        )}
        <DraftActions
          submitLabel="Apply"
          submitTestId="settings-service-apply"
          dirty={draft !== null}
          busy={apply.busy}
          onReset={() => {
            setDraft(null);
            setProblem(null);
          }}
        >
          <span className="muted" data-testid="settings-service-now">
            Now: {describeService(service)}
          </span>
        </DraftActions>
      </form>
      <FormProblem problem={problem} testId="settings-service-problem" />
      <ActionOutcome error={apply.error} done={apply.done} testId="settings-service" />
    </section>
  );
}

function describeService(service: CoreStatus['service']): string {
  const where = service.baseUrl ? ` at ${service.baseUrl}` : '';
  return service.mode === 'simulator' ? `the embedded simulator${where}` : `a real service${where}`;
}
