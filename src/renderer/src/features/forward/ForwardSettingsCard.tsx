import { useState } from 'react';
import type { ForwardSettings } from '../../../../shared/replay';
import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { useCallAction } from '../../hooks/useCallAction';
import { draftFromForward, forwardFromDraft, type ForwardDraft } from './forward-draft';
import { forwardStore } from './forward-store';
import { describeForward } from './forward-words';
import { useForwardSettings } from './useForwardSettings';

/** Live forwarding, like a `--forward-to`: every delivery received is also sent to the user's handler. */
export function ForwardSettingsCard() {
  const { settings, error } = useForwardSettings();
  return (
    <section className="settings-card" aria-labelledby="settings-forward-title" data-testid="settings-forward">
      <h2 id="settings-forward-title">Live forward</h2>
      <p className="muted">
        Every delivery received is also sent, byte for byte, to your handler (e.g. http://localhost:3000/webhooks). Each forward is listed under its
        delivery. A failed forward never changes what the receiver answered, unless it answers with the target&apos;s status.
      </p>
      {settings ? <ForwardForm settings={settings} /> : error ? <CallErrorMessage error={error} testId="forward-load-error" /> : <p className="muted">Loading…</p>}
    </section>
  );
}

function ForwardForm({ settings }: { settings: ForwardSettings }) {
  const [draft, setDraft] = useState<ForwardDraft | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const shown = draft ?? draftFromForward(settings);

  const save = useCallAction(async (next: ForwardSettings) => {
    const saved = await call('forward.set', next);
    forwardStore.replace(saved);
    setDraft(null);
    return `Saved: ${describeForward(saved)}.`;
  });

  const edit = (change: Partial<ForwardDraft>) => {
    save.clear();
    setProblems([]);
    setDraft({ ...shown, ...change });
  };

  const submit = () => {
    const checked = forwardFromDraft(shown);
    if ('problems' in checked) setProblems(checked.problems);
    else void save.run(checked.settings);
  };

  return (
    <>
      <p>
        Now: <span data-testid="forward-summary">{describeForward(settings)}</span>.
      </p>
      <form
        className="settings-grid"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Checkbox testId="forward-enabled" checked={shown.enabled} onChange={(enabled) => edit({ enabled })} label="Forward every delivery received" />
        <label className="field wide-field">
          <span>Target URL</span>
          <input
            type="url"
            data-testid="forward-target"
            spellCheck={false}
            placeholder="http://localhost:3000/webhooks"
            value={shown.target}
            onChange={(event) => edit({ target: event.target.value })}
          />
        </label>
        <label className="field">
          <span>
            Rewrite path <span className="muted">from</span>
          </span>
          <input type="text" data-testid="forward-rewrite-from" spellCheck={false} placeholder="/webhooks" value={shown.rewriteFrom} onChange={(event) => edit({ rewriteFrom: event.target.value })} />
        </label>
        <label className="field">
          <span className="muted">to</span>
          <input type="text" data-testid="forward-rewrite-to" spellCheck={false} placeholder="/api/hooks" value={shown.rewriteTo} onChange={(event) => edit({ rewriteTo: event.target.value })} />
        </label>
        <Checkbox
          testId="forward-mirror"
          checked={shown.mirrorStatus}
          onChange={(mirrorStatus) => edit({ mirrorStatus })}
          label="Answer the sender with the target's status (instead of the response policy's)"
        />
        <Checkbox
          testId="forward-allow-self-signed"
          checked={shown.allowSelfSigned}
          onChange={(allowSelfSigned) => edit({ allowSelfSigned })}
          label="Allow a self-signed certificate at the target"
        />
        <div className="settings-actions">
          <button type="submit" className="primary" data-testid="forward-save" disabled={save.busy || draft === null}>
            Save forwarding
          </button>
          <button type="button" disabled={draft === null} onClick={() => { setDraft(null); setProblems([]); }}>
            Reset
          </button>
          {draft !== null && <span className="muted">unsaved changes</span>}
        </div>
      </form>
      {problems.length > 0 && (
        <div className="call-error" role="alert" data-testid="forward-problems">
          {problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </div>
      )}
      <ActionOutcome error={save.error} done={save.done} testId="forward" />
    </>
  );
}

function Checkbox({ testId, checked, onChange, label }: { testId: string; checked: boolean; onChange: (checked: boolean) => void; label: string }) {
  return (
    <label className="field checkbox-field">
      <input type="checkbox" data-testid={testId} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
