import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import type { ForwardSettings } from '../../../../shared/replay';
import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { fieldsOf, ForwardFields, forwardLabels } from './forward-fields';
import { ForwardExample } from './ForwardExample';
import { describeForward } from './forward-words';
import { forwardKey, useForwardSettings } from './useForwardSettings';
import { DraftActions } from '../../components/form/DraftActions';
import { CheckboxField, TextField } from '../../components/form/fields';
import { fieldProblems } from '../../components/form/field-problems';
import { FormProblems } from '../../components/form/FormProblems';
import { dropEdits, keepEdits } from '../../components/form/reset-options';

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
  const form = useForm<ForwardFields, unknown, ForwardSettings>({
    resolver: zodResolver(ForwardFields),
    values: fieldsOf(settings),
    resetOptions: keepEdits,
  });
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (next: ForwardSettings) => call('forward.set', next),
    onSuccess: (saved) => {
      queryClient.setQueryData(forwardKey, saved);
      form.reset(fieldsOf(saved), dropEdits);
    },
  });
  const shown = useWatch({ control: form.control }) as ForwardFields;

  return (
    <>
      <p>
        Now: <span data-testid="forward-summary">{describeForward(settings)}</span>.
      </p>
      <form
        className="settings-grid"
        onSubmit={form.handleSubmit((next) => save.mutate(next))}
        onChange={() => save.reset()}
      >
        <CheckboxField testId="forward-enabled" registered={form.register('enabled')} label="Forward every delivery received" />
        <TextField
          className="wide-field"
          type="url"
          label="Target URL"
          testId="forward-target"
          placeholder="http://localhost:3000/webhooks"
          registered={form.register('target')}
        />
        <CheckboxField
          testId="forward-append-path"
          registered={form.register('appendPath')}
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
              registered={form.register('rewriteFrom')}
            />
            <TextField label="to" labelClassName="muted" testId="forward-rewrite-to" placeholder="/api/hooks" registered={form.register('rewriteTo')} />
          </>
        )}
        <ForwardExample fields={shown} />
        <CheckboxField
          testId="forward-mirror"
          registered={form.register('mirrorStatus')}
          label="Answer the sender with the target's status (instead of the response policy's)"
        />
        <CheckboxField
          testId="forward-allow-self-signed"
          registered={form.register('allowSelfSigned')}
          label="Allow a self-signed certificate at the target"
        />
        <DraftActions
          submitLabel="Save forwarding"
          submitTestId="forward-save"
          resetTestId="forward-reset"
          dirty={form.formState.isDirty}
          busy={save.isPending}
          onReset={() => form.reset(fieldsOf(settings), dropEdits)}
          noteUnsaved
        />
      </form>
      <FormProblems problems={fieldProblems(form.formState.errors, forwardLabels)} testId="forward-problems" />
      <ActionOutcome error={save.error} done={save.isSuccess ? `Saved: ${describeForward(save.data)}.` : null} testId="forward" />
    </>
  );
}
