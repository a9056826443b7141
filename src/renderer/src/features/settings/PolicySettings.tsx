import type { ResponsePolicy } from '../../../../shared/policy';
import { call } from '../../api/client';
import { describePolicy } from '../../lib/words';
import { ActionOutcome } from '../../components/ActionOutcome';
import { draftFromPolicy, policyFromDraft, type PolicyDraft } from './policy-draft';
import { useDraftForm } from '../../hooks/useDraftForm';
import { CheckboxField, NumberField } from '../../components/form/fields';
import { DraftActions } from '../../components/form/DraftActions';
import { FormProblems } from '../../components/form/FormProblems';

/**
 * How the receiver answers. The form shows the live policy until the user edits it
 * (fail-next counts down as deliveries arrive); then it holds the edit until saved or reset.
 */
export function PolicySettings({ policy, onSaved }: { policy: ResponsePolicy; onSaved: (policy: ResponsePolicy) => void }) {
  const form = useDraftForm({
    live: draftFromPolicy(policy),
    check: (draft: PolicyDraft) => {
      const checked = policyFromDraft(draft);
      return 'problems' in checked ? checked : { value: checked.policy };
    },
    save: async (next) => {
      const saved = await call('settings.setPolicy', next);
      onSaved(saved);
      return `Saved: ${describePolicy(saved)}.`;
    },
  });
  const { shown, edit, save } = form;

  return (
    <section className="settings-card" aria-labelledby="settings-policy-title">
      <h2 id="settings-policy-title">Response policy</h2>
      <p className="muted">
        What the receiver answers, to see how the sender reacts: a 5xx or a timeout is retried, a 4xx is abandoned, a 3xx is a failure.
        Now: <span data-testid="settings-policy-summary">{describePolicy(policy)}</span>.
      </p>
      <form
        className="settings-grid"
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <NumberField label="Status" hint="200–599" testId="settings-policy-status" value={shown.status} onChange={(status) => edit({ status })} />
        <NumberField label="Delay" hint="ms" testId="settings-policy-delay" value={shown.delayMs} onChange={(delayMs) => edit({ delayMs })} />
        <NumberField label="Fail next" hint="deliveries" testId="settings-policy-fail-next" value={shown.failNext} onChange={(failNext) => edit({ failNext })} />
        <NumberField label="with status" hint="200–599" testId="settings-policy-fail-status" value={shown.failStatus} onChange={(failStatus) => edit({ failStatus })} />
        <CheckboxField
          testId="settings-policy-reject-invalid"
          checked={shown.rejectInvalidSignature}
          onChange={(rejectInvalidSignature) => edit({ rejectInvalidSignature })}
          label="Answer 401 when the signature is not valid, as a strict receiver would"
        />
        <DraftActions
          submitLabel="Save policy"
          submitTestId="settings-policy-save"
          resetTestId="settings-policy-reset"
          dirty={form.dirty}
          busy={save.busy}
          onReset={form.reset}
          noteUnsaved
        />
      </form>
      <FormProblems problems={form.problems} testId="settings-policy-problems" />
      <ActionOutcome error={save.error} done={save.done} testId="settings-policy" />
    </section>
  );
}
