import type { ForwardSettings } from '../../../../shared/replay';
import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { useDraftForm } from '../../hooks/useDraftForm';
import { draftFromForward, forwardFromDraft, type ForwardDraft } from './forward-draft';
import { ForwardExample } from './ForwardExample';
import { forwardStore } from './forward-store';
import { describeForward } from './forward-words';
import { useForwardSettings } from './useForwardSettings';
import { DraftActions } from '../../components/form/DraftActions';
import { CheckboxField, TextField } from '../../components/form/fields';
import { FormProblems } from '../../components/form/FormProblems';

/** Live forwarding, like a `--forward-to`: every delivery received is also sent to the user's handler. */
export function ForwardSettingsCard() {
  const { settings, error } = useForwardSettings();
  return (
    <section className="settings-card" aria-labelledby="settings-forward-title" data-testid="settings-forward">
      <h2 id="settings-forward-title">Live forward</h2>
      <p className="muted">
        Every delivery received is also sent, byte for byte, to your handler at the target URL exactly (e.g. http://localhost:3000/webhooks), unless
        you choose to append the delivery&apos;s path to it. Each forward is listed under its delivery, with the URL it went to. A failed forward never changes what the receiver answered, unless it answers with the target&apos;s status.
      </p>
      {settings ? <ForwardForm settings={settings} /> : error ? <CallErrorMessage error={error} testId="forward-load-error" /> : <p className="muted">Loading…</p>}
    </section>
  );
}

function ForwardForm({ settings }: { settings: ForwardSettings }) {
  const form = useDraftForm({
    live: draftFromForward(settings),
    check: (draft: ForwardDraft) => {
      const checked = forwardFromDraft(draft);
      return 'problems' in checked ? checked : { value: checked.settings };
    },
    save: async (next) => {
      const saved = await call('forward.set', next);
      forwardStore.replace(saved);
      return `Saved: ${describeForward(saved)}.`;
    },
  });
  const { shown, edit, save } = form;

  return (
    <>
      <p>
        Now: <span data-testid="forward-summary">{describeForward(settings)}</span>.
      </p>
      <form
        className="settings-grid"
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <CheckboxField testId="forward-enabled" checked={shown.enabled} onChange={(enabled) => edit({ enabled })} label="Forward every delivery received" />
        <TextField
          className="wide-field"
          type="url"
          label="Target URL"
          testId="forward-target"
          placeholder="http://localhost:3000/webhooks"
          value={shown.target}
          onChange={(target) => edit({ target })}
        />
        <CheckboxField
          testId="forward-append-path"
          checked={shown.appendPath}
          onChange={(appendPath) => edit({ appendPath })}
          label="Append the delivery's path (and query) to the target's"
        />
        {shown.appendPath && (
          <>
            <TextField
              label={
                <>
                  Rewrite the delivery&apos;s path <span className="muted">from</span>
                </>
              }
              testId="forward-rewrite-from"
              placeholder="/webhooks"
              value={shown.rewriteFrom}
              onChange={(rewriteFrom) => edit({ rewriteFrom })}
            />
            <TextField label="to" labelClassName="muted" testId="forward-rewrite-to" placeholder="/api/hooks" value={shown.rewriteTo} onChange={(rewriteTo) => edit({ rewriteTo })} />
          </>
        )}
        <ForwardExample draft={shown} />
        <CheckboxField
          testId="forward-mirror"
          checked={shown.mirrorStatus}
          onChange={(mirrorStatus) => edit({ mirrorStatus })}
          label="Answer the sender with the target's status (instead of the response policy's)"
        />
        <CheckboxField
          testId="forward-allow-self-signed"
          checked={shown.allowSelfSigned}
          onChange={(allowSelfSigned) => edit({ allowSelfSigned })}
          label="Allow a self-signed certificate at the target"
        />
        <DraftActions
          submitLabel="Save forwarding"
          submitTestId="forward-save"
          dirty={form.dirty}
          busy={save.busy}
          onReset={form.reset}
          noteUnsaved
        />
      </form>
      <FormProblems problems={form.problems} testId="forward-problems" />
      <ActionOutcome error={save.error} done={save.done} testId="forward" />
    </>
  );
}
