import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { CoreStatus } from '../../../../shared/contract';
import type { RelaySourceSettings, SourceHealth } from '../../../../shared/relay';
import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { DraftActions } from '../../components/form/DraftActions';
import { dropEdits, keepEdits } from '../../components/form/reset-options';
import { firstProblem } from '../../components/form/field-problems';
import { SecretField, TextField } from '../../components/form/fields';
import { FormProblem } from '../../components/form/FormProblems';
import { plural } from '../../lib/format';
import { describeSecret } from '../../lib/words';
import { sourceFields, sourceFieldsOf, sourceProblems, type SourceFields } from './source-fields';
import { describeSourceHealth, relayName } from './source-words';

interface SourceSettingsProps {
  relay: CoreStatus['relay'];
  sources: CoreStatus['sources'];
  onApplied: (status: CoreStatus) => void;
}

/** A relay to pull deliveries from: connect with its channel token (write-only), disconnect, and its health. */
export function SourceSettings({ relay, sources, onApplied }: SourceSettingsProps) {
  const form = useForm<SourceFields, unknown, RelaySourceSettings>({
    resolver: zodResolver(sourceFields(relay !== null)),
    values: sourceFieldsOf(relay),
    resetOptions: keepEdits,
  });
  const applied = (status: CoreStatus) => {
    onApplied(status);
    form.reset(sourceFieldsOf(status.relay), dropEdits);
  };
  const connect = useMutation({
    mutationFn: (settings: RelaySourceSettings) => call('sources.set', settings),
    onSuccess: applied,
  });
  const disconnect = useMutation({
    mutationFn: () => call('sources.clear', {}),
    onSuccess: applied,
  });
  const busy = connect.isPending || disconnect.isPending;
  const done = connect.isSuccess
    ? `Pulling from ${connect.variables.url}.`
    : disconnect.isSuccess
      ? 'Disconnected; the relay and its token are forgotten. What it brought stays here.'
      : null;

  return (
    <section className="settings-card" aria-labelledby="settings-sources-title" data-testid="settings-sources">
      <h2 id="settings-sources-title">Sources</h2>
      <p className="muted">
        A relay on a public host receives the real service&apos;s deliveries under /c/&lt;channel&gt;/; the inspector pulls its channel
        from here (outbound only), catching up on what arrived while it was away.
      </p>
      <SourceNow relay={relay} health={sources[0]} />
      <form
        className="settings-grid"
        noValidate
        onSubmit={form.handleSubmit((settings) => {
          disconnect.reset();
          connect.mutate(settings);
        })}
        onChange={() => {
          connect.reset();
          disconnect.reset();
          form.clearErrors();
        }}
      >
        <TextField
          className="wide-field"
          type="url"
          label="Relay URL"
          testId="settings-source-url"
          placeholder="https://relay.example.com"
          registered={form.register('url')}
        />
        <SecretField
          className="wide-field"
          label={
            <>
              Channel token{' '}
              {relay && relay.tokenStorage !== 'memory' && (
                <span className="ok-text" data-testid="settings-source-token-set">
                  token {describeSecret({ set: true, storage: relay.tokenStorage }).label}
                </span>
              )}
            </>
          }
          testId="settings-source-token"
          placeholder={relay ? 'leave empty to keep the token set' : 'wir_…'}
          registered={form.register('token')}
        />
        <TextField
          className="wide-field"
          label={
            <>
              Certificate SHA-256 <span className="muted">(only for a self-signed relay)</span>
            </>
          }
          testId="settings-source-fingerprint"
          placeholder="AB:CD:…"
          registered={form.register('fingerprint')}
        />
        <DraftActions
          submitLabel={relay ? 'Apply' : 'Connect'}
          submitTestId="settings-source-connect"
          dirty={form.formState.isDirty}
          busy={busy}
          onReset={() => form.reset(sourceFieldsOf(relay), dropEdits)}
        >
          <button type="button" data-testid="settings-source-disconnect" disabled={busy || !relay} onClick={() => {
              connect.reset();
              disconnect.mutate();
            }}
          >
            Disconnect
          </button>
        </DraftActions>
      </form>
      <FormProblem problem={firstProblem(form.formState.errors, sourceProblems)} testId="settings-source-problem" />
      <ActionOutcome error={connect.error ?? disconnect.error} done={done} testId="settings-source" />
    </section>
  );
}

function SourceNow({ relay, health }: { relay: CoreStatus['relay']; health: SourceHealth | undefined }) {
  if (!relay) {
    return (
      <p data-testid="settings-source-now">
        Now: <strong>no relay</strong> <span className="muted">· only this machine&apos;s receiver captures deliveries</span>
      </p>
    );
  }
  const described = health ? describeSourceHealth(health) : null;
  return (
    <p data-testid="settings-source-now">
      Now: <strong className="mono">{relayName(relay.name)}</strong>
      {described && (
        <>
          {' · '}
          <strong className={`source-${described.tone}`} data-testid="settings-source-health" data-state={health?.state} title={described.detail}>
            {described.label}
          </strong>
        </>
      )}
      <span className="muted" data-testid="settings-source-stored">
        {' · '}
        {plural(relay.stored, 'delivery', 'deliveries')} brought
        {relay.tokenStorage === 'memory' && ' · given on the command line for this run'}
      </span>
    </p>
  );
}
