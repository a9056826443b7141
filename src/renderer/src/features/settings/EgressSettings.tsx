import { useEffect, useState } from 'react';
import type { EgressStatus } from '../../../../shared/egress';
import { call, CallFailure, isAbort } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { DraftActions } from '../../components/form/DraftActions';
import { useCallAction } from '../../hooks/useCallAction';

const rulesText = (rules: readonly string[]) => rules.join('\n');
const rulesOf = (text: string) => text.split('\n').map((line) => line.trim()).filter((line) => line !== '');

/** Egress: where replays, forwards, the service and a relay source may connect, and the targets an admin allows. */
export function EgressSettings() {
  const [status, setStatus] = useState<EgressStatus | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const save = useCallAction(async (rules: string[]) => {
    const saved = await call('egress.set', { rules });
    setStatus(saved);
    setDraft(null);
    return saved.saved.length === 0 ? 'Saved: no allowed targets.' : `Saved: ${saved.saved.length} allowed target(s).`;
  });

  useEffect(() => {
    const abort = new AbortController();
    call('egress.get', {}, { signal: abort.signal }).then(setStatus, (error: unknown) => {
      if (!isAbort(error)) setLoadError(error);
    });
    return () => abort.abort();
  }, []);

  return (
    <section className="settings-card" aria-labelledby="settings-egress-title" data-testid="settings-egress">
      <h2 id="settings-egress-title">Egress</h2>
      {status === null ? (
        loadError ? <CallErrorMessage error={loadError} testId="egress-load-error" /> : <p className="muted">Loading…</p>
      ) : (
        <>
          <p className="muted" data-testid="egress-policy">
            {status.restricted
              ? 'This team server refuses to connect, for a replay, a forward, the service or a relay source, to loopback, private, link-local, unspecified, multicast and reserved addresses (IPv4-mapped forms included) and to its own addresses, unless one of the targets below allows it. Each name is resolved once and the connection goes to the address checked.'
              : 'This inspector is yours alone: replays, forwards, the service and a relay source may connect to any address, localhost included. A forward to this inspector’s own receiver is always refused.'}
          </p>
          {status.commandLine.length > 0 && (
            <p data-testid="egress-command-line">
              Allowed for this run (serve --allow-target): <span className="mono">{status.commandLine.join(', ')}</span>
            </p>
          )}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void save.run(rulesOf(draft ?? rulesText(status.saved)));
            }}
          >
            <label className="field">
              <span>Allowed targets, one per line: 10.0.0.0/8, 10.1.2.3, [::1], hooks.example.com, *.internal.example.com, localhost:3000, https://hooks.example.com</span>
              <textarea
                className="mono"
                rows={4}
                data-testid="egress-rules"
                value={draft ?? rulesText(status.saved)}
                onChange={(event) => {
                  save.clear();
                  setDraft(event.target.value);
                }}
              />
            </label>
            <DraftActions submitLabel="Save" submitTestId="egress-save" dirty={draft !== null} busy={save.busy} onReset={() => setDraft(null)} />
          </form>
          {save.error instanceof CallFailure && save.error.status === 403 ? (
            <p className="call-error" role="alert" data-testid="egress-save-error">
              Only an admin changes the allowed targets.
            </p>
          ) : (
            <ActionOutcome error={save.error} done={save.done} testId="egress-save" />
          )}
        </>
      )}
    </section>
  );
}
