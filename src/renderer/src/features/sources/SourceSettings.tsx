import { useState } from 'react';
import type { CoreStatus } from '../../../../shared/contract';
import type { SourceHealth } from '../../../../shared/relay';
import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { DraftActions } from '../../components/form/DraftActions';
import { SecretField, TextField } from '../../components/form/fields';
import { FormProblem } from '../../components/form/FormProblems';
import { useCallAction } from '../../hooks/useCallAction';
import { plural } from '../../lib/format';
import { isHttpUrl } from '../../lib/urls';
import { describeSecret } from '../../lib/words';
import { describeSourceHealth, relayName } from './source-words';

interface SourceDraft {
  url: string;
  /** Typed here only; never read back from the core. */
  token: string;
  fingerprint: string;
}

interface SourceSettingsProps {
  relay: CoreStatus['relay'];
  sources: CoreStatus['sources'];
  onApplied: (status: CoreStatus) => void;
}

const fingerprintPattern = /^(?:[0-9a-f]{2}:?){31}[0-9a-f]{2}$/i;

/** A relay to pull deliveries from: connect with its channel token (write-only), disconnect, and its health. */
export function SourceSettings({ relay, sources, onApplied }: SourceSettingsProps) {
  const [draft, setDraft] = useState<SourceDraft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown: SourceDraft = draft ?? { url: relay?.url ?? '', token: '', fingerprint: relay?.fingerprint ?? '' };
  const health = sources[0];

  const connect = useCallAction(async (url: string, token: string | undefined, fingerprint: string | null) => {
    const status = await call('sources.set', token === undefined ? { url, fingerprint } : { url, token, fingerprint });
    onApplied(status);
    setDraft(null);
    return `Pulling from ${url}.`;
  });
  const disconnect = useCallAction(async () => {
    const status = await call('sources.clear', {});
    onApplied(status);
    setDraft(null);
    return 'Disconnected; the relay and its token are forgotten. What it brought stays here.';
  });
  const busy = connect.busy || disconnect.busy;

  const edit = (change: Partial<SourceDraft>) => {
    connect.clear();
    disconnect.clear();
    setProblem(null);
    setDraft({ ...shown, ...change });
  };

  const submit = () => {
    const url = shown.url.trim();
    const fingerprint = shown.fingerprint.trim();
    const token = shown.token.trim();
    if (!isHttpUrl(url)) return setProblem("The relay's address is an https:// URL (http:// on a trusted network), e.g. https://relay.example.com.");
    if (fingerprint !== '' && !fingerprintPattern.test(fingerprint)) {
      return setProblem('A SHA-256 fingerprint is 64 hex digits, colons optional (the relay prints it as "Certificate SHA-256").');
    }
    if (token === '' && !relay) return setProblem('The channel token is needed (printed once by `relay channel create`).');
    disconnect.clear();
    void connect.run(url, token === '' ? undefined : token, fingerprint === '' ? null : fingerprint);
  };

  return (
    <section className="settings-card" aria-labelledby="settings-sources-title" data-testid="settings-sources">
      <h2 id="settings-sources-title">Sources</h2>
      <p className="muted">
        A relay on a public host receives the real service&apos;s deliveries under /c/&lt;channel&gt;/; the inspector pulls its channel
        from here (outbound only), catching up on what arrived while it was away.
      </p>
      <SourceNow relay={relay} health={health} />
      <form
        className="settings-grid"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          className="wide-field"
          type="url"
          label="Relay URL"
          testId="settings-source-url"
          placeholder="https://relay.example.com"
          value={shown.url}
          onChange={(url) => edit({ url })}
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
          value={shown.token}
          onChange={(token) => edit({ token })}
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
          value={shown.fingerprint}
          onChange={(fingerprint) => edit({ fingerprint })}
        />
        <DraftActions
          submitLabel={relay ? 'Apply' : 'Connect'}
          submitTestId="settings-source-connect"
          dirty={draft !== null}
          busy={busy}
          onReset={() => {
            setDraft(null);
            setProblem(null);
          }}
        >
          <button type="button" data-testid="settings-source-disconnect" disabled={busy || !relay} onClick={() => void disconnect.run()}>
            Disconnect
          </button>
        </DraftActions>
      </form>
      <FormProblem problem={problem} testId="settings-source-problem" />
      <ActionOutcome error={connect.error ?? disconnect.error} done={connect.done ?? disconnect.done} testId="settings-source" />
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
