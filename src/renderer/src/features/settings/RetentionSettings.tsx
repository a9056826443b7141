import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { CoreStatus } from '../../../../shared/contract';
import { RetentionLimits, type RetentionStatus } from '../../../../shared/retention';
import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { DraftActions } from '../../components/form/DraftActions';
import { range } from '../../components/form/field-problems';
import { FormProblem } from '../../components/form/FormProblems';
import { NumberField } from '../../components/form/fields';
import { describeRetentionLimits, describeKept, describePruned } from './retention-words';
import { dropEdits, keepEdits } from '../../components/form/reset-options';

const mib = 2 ** 20;

/** What settings.setRetention takes, typed as days and MiB, each empty for no limit. */
const RetentionFields = z
  .object({ days: z.string(), mib: z.string() })
  .transform(({ days, mib: size }): RetentionLimits => {
    const mibs = Number(size);
    return {
      keepDays: days.trim() === '' ? null : Number(days),
      // A size above 0 keeps at least a byte; anything else is left for the schema to refuse.
      keepBytes: size.trim() === '' ? null : mibs > 0 ? Math.max(1, Math.round(mibs * mib)) : mibs,
    };
  })
  .pipe(RetentionLimits);
type RetentionFields = z.input<typeof RetentionFields>;

const problem = `Days are a whole number ${range(RetentionLimits.shape.keepDays.unwrap())}, the size a number of MiB above 0; leave a field empty for no limit.`;

const fieldsOf = (limits: RetentionLimits): RetentionFields => ({
  days: limits.keepDays === null ? '' : String(limits.keepDays),
  mib: limits.keepBytes === null ? '' : String(Number((limits.keepBytes / mib).toPrecision(3))),
});

/** Retention: how long and how much to keep; the oldest deliveries past either are pruned in the background. */
export function RetentionSettings({ retention, onApplied }: { retention: RetentionStatus; onApplied: (status: CoreStatus) => void }) {
  const form = useForm<RetentionFields, unknown, RetentionLimits>({
    resolver: zodResolver(RetentionFields),
    values: fieldsOf(retention.limits),
    resetOptions: keepEdits,
  });
  const apply = useMutation({
    mutationFn: (limits: RetentionLimits) => call('settings.setRetention', limits),
    onSuccess: (status) => {
      onApplied(status);
      form.reset(fieldsOf(status.retention.limits), dropEdits);
    },
  });

  return (
    <section className="settings-card" aria-labelledby="settings-retention-title" data-testid="settings-retention">
      <h2 id="settings-retention-title">Retention</h2>
      <p className="muted">
        The oldest deliveries (by receive time) past either limit are removed in the background, with their replays; duplicate groups
        and lifecycles are recounted without them. The size counts the deliveries&apos; bodies and headers as received, not the
        database file (which keeps its freed space for new deliveries). Empty: no limit.
      </p>
      {retention.setBy === 'command_line' && (
        <p className="muted" data-testid="settings-retention-command-line">
          In force for this run from the command line (serve --keep-days/--keep-size); applying here replaces it.
        </p>
      )}
      <form className="settings-grid" noValidate onSubmit={form.handleSubmit((limits) => apply.mutate(limits))} onChange={() => apply.reset()}>
        <NumberField label="Keep days" hint="(received within)" testId="settings-retention-days" registered={form.register('days')} />
        <NumberField label="Keep size" hint="(MiB of bodies and headers)" testId="settings-retention-size" registered={form.register('mib')} />
        <DraftActions
          submitLabel="Apply"
          submitTestId="settings-retention-apply"
          resetTestId="settings-retention-reset"
          dirty={form.formState.isDirty}
          busy={apply.isPending}
          onReset={() => form.reset(fieldsOf(retention.limits), dropEdits)}
        />
      </form>
      <FormProblem problem={Object.keys(form.formState.errors).length > 0 ? problem : null} />
      <ActionOutcome error={apply.error} done={apply.isSuccess ? `Saved: ${describeRetentionLimits(apply.data.retention.limits)}.` : null} testId="settings-retention" />
      <p data-testid="settings-retention-state">
        Kept: {describeKept(retention)}; {describePruned(retention)}.
      </p>
    </section>
  );
}
