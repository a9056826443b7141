import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { AuditRetentionLimits } from '../../../../shared/team';
import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { DraftActions } from '../../components/form/DraftActions';
import { range } from '../../components/form/field-problems';
import { FormProblem } from '../../components/form/FormProblems';
import { NumberField } from '../../components/form/fields';

const { keepDays, keepEntries } = AuditRetentionLimits.shape;
const problem = `Days are a whole number ${range(keepDays)}, entries ${range(keepEntries)}: the audit log always has both limits.`;

/** Settings → Audit log → Keep: the audit log's retention (admins; both limits always apply, never unbounded), checked by audit.setRetention's schema. */
export function AuditRetentionForm({ limits }: { limits: AuditRetentionLimits }) {
  const form = useForm({ resolver: zodResolver(AuditRetentionLimits), defaultValues: limits });
  const apply = useMutation({
    mutationFn: (next: AuditRetentionLimits) => call('audit.setRetention', next),
    onSuccess: (answer) => form.reset(answer.limits),
  });
  const done = apply.data && `Saved: ${apply.data.limits.keepDays} days, ${apply.data.limits.keepEntries} entries; ${apply.data.removed} older entries removed.`;

  return (
    <div data-testid="audit-retention">
      <p className="muted">
        Entries older than the days, or past the newest entries kept, are removed at once and then hourly. Each entry keeps at most 4 KiB
        of what a call was given (with the SHA-256 of the whole when cut).
      </p>
      <form className="settings-grid" noValidate onSubmit={form.handleSubmit((next) => apply.mutate(next))} onChange={() => apply.reset()}>
        <NumberField label="Keep days" hint="(recorded within)" testId="audit-retention-days" registered={form.register('keepDays', { valueAsNumber: true })} />
        <NumberField label="Keep entries" hint="(the newest)" testId="audit-retention-entries" registered={form.register('keepEntries', { valueAsNumber: true })} />
        <DraftActions
          submitLabel="Apply"
          submitTestId="audit-retention-apply"
          dirty={form.formState.isDirty}
          busy={apply.isPending}
          onReset={() => form.reset()}
        />
      </form>
      <FormProblem problem={Object.keys(form.formState.errors).length > 0 ? problem : null} />
      <ActionOutcome error={apply.error} done={done ?? null} testId="audit-retention" />
    </div>
  );
}
