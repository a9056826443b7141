import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ResponsePolicy } from '../../../../shared/policy';
import { call } from '../../api/client';
import { describePolicy } from '../../lib/words';
import { ActionOutcome } from '../../components/ActionOutcome';
import { CheckboxField, NumberField } from '../../components/form/fields';
import { DraftActions } from '../../components/form/DraftActions';
import { fieldProblems } from '../../components/form/field-problems';
import { FormProblems } from '../../components/form/FormProblems';
import { dropEdits, keepEdits } from '../../components/form/reset-options';

const labels = { status: 'Status', delayMs: 'Delay', failNext: 'Fail next', failStatus: 'Fail status' };

/**
 * How the receiver answers, checked by the schema settings.setPolicy takes. The form follows the live policy
 * (fail-next counts down as deliveries arrive) but for the fields the user edited, held until saved or reset.
 */
export function PolicySettings({ policy, onSaved }: { policy: ResponsePolicy; onSaved: (policy: ResponsePolicy) => void }) {
  const form = useForm({ resolver: zodResolver(ResponsePolicy), values: policy, resetOptions: keepEdits });
  const save = useMutation({
    mutationFn: (next: ResponsePolicy) => call('settings.setPolicy', next),
    onSuccess: (saved) => {
      onSaved(saved);
      form.reset(saved, dropEdits);
    },
  });
  const number = (name: keyof typeof labels) => form.register(name, { valueAsNumber: true });

  return (
    <section className="settings-card" aria-labelledby="settings-policy-title">
      <h2 id="settings-policy-title">Response policy</h2>
      <p className="muted">
        What the receiver answers, to see how the sender reacts: a 5xx or a timeout is retried, a 4xx is abandoned, a 3xx is a failure.
        Now: <span data-testid="settings-policy-summary">{describePolicy(policy)}</span>.
      </p>
      <form className="settings-grid" noValidate onSubmit={form.handleSubmit((next) => save.mutate(next))} onChange={() => save.reset()}>
        <NumberField label="Status" hint="200–599" testId="settings-policy-status" registered={number('status')} />
        <NumberField label="Delay" hint="ms" testId="settings-policy-delay" registered={number('delayMs')} />
        <NumberField label="Fail next" hint="deliveries" testId="settings-policy-fail-next" registered={number('failNext')} />
        <NumberField label="with status" hint="200–599" testId="settings-policy-fail-status" registered={number('failStatus')} />
        <CheckboxField
          testId="settings-policy-reject-invalid"
          registered={form.register('rejectInvalidSignature')}
          label="Answer 401 when the signature is not valid, as a strict receiver would"
        />
        <DraftActions
          submitLabel="Save policy"
          submitTestId="settings-policy-save"
          resetTestId="settings-policy-reset"
          dirty={form.formState.isDirty}
          busy={save.isPending}
          onReset={() => form.reset(policy, dropEdits)}
          noteUnsaved
        />
      </form>
      <FormProblems problems={fieldProblems(form.formState.errors, labels)} testId="settings-policy-problems" />
      <ActionOutcome error={save.error} done={save.isSuccess ? `Saved: ${describePolicy(save.data)}.` : null} testId="settings-policy" />
    </section>
  );
}
