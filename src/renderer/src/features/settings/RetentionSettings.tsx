import { useState } from 'react';
import type { CoreStatus } from '../../../../shared/contract';
import type { RetentionLimits, RetentionStatus } from '../../../../shared/retention';
import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { DraftActions } from '../../components/form/DraftActions';
import { FormProblem } from '../../components/form/FormProblems';
import { NumberField } from '../../components/form/fields';
import { useCallAction } from '../../hooks/useCallAction';
import { describeRetentionLimits, describeKept, describePruned } from './retention-words';

const mib = 2 ** 20;

interface RetentionDraft {
  days: string;
  mib: string;
}

const draftOf = (limits: RetentionLimits): RetentionDraft => ({
  days: limits.keepDays === null ? '' : String(limits.keepDays),
  mib: limits.keepBytes === null ? '' : String(Number((limits.keepBytes / mib).toPrecision(3))),
});

/** Empty: no limit; else a positive number (whole for days), or undefined when it is neither. */
function parseLimit(text: string, whole: boolean): number | null | undefined {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 && (!whole || Number.isInteger(value)) ? value : undefined;
}

/** Retention: how long and how much to keep; the oldest deliveries past either are pruned in the background. */
export function RetentionSettings({ retention, onApplied }: { retention: RetentionStatus; onApplied: (status: CoreStatus) => void }) {
  const [draft, setDraft] = useState<RetentionDraft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = draft ?? draftOf(retention.limits);

  const apply = useCallAction(async (limits: RetentionLimits) => {
    const status = await call('settings.setRetention', limits);
    onApplied(status);
    setDraft(null);
    return `Saved: ${describeRetentionLimits(status.retention.limits)}.`;
  });

  const edit = (change: Partial<RetentionDraft>) => {
    apply.clear();
    setProblem(null);
    setDraft({ ...shown, ...change });
  };

  const submit = () => {
    const keepDays = parseLimit(shown.days, true);
    const keepMib = parseLimit(shown.mib, false);
    if (keepDays === undefined || keepMib === undefined || (keepDays ?? 0) > 36_500) {
      setProblem('Days are a whole number from 1 to 36500, the size a number of MiB above 0; leave a field empty for no limit.');
      return;
    }
    void apply.run({ keepDays, keepBytes: keepMib === null ? null : Math.max(1, Math.round(keepMib * mib)) });
  };

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
      <form
        className="settings-grid"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <NumberField label="Keep days" hint="(received within)" testId="settings-retention-days" value={shown.days} onChange={(days) => edit({ days })} />
        <NumberField label="Keep size" hint="(MiB of bodies and headers)" testId="settings-retention-size" value={shown.mib} onChange={(value) => edit({ mib: value })} />
        <DraftActions
          submitLabel="Apply"
          submitTestId="settings-retention-apply"
          dirty={draft !== null}
          busy={apply.busy}
          onReset={() => {
            setDraft(null);
            setProblem(null);
          }}
        />
      </form>
      <FormProblem problem={problem} />
      <ActionOutcome error={apply.error} done={apply.done} testId="settings-retention" />
      <p data-testid="settings-retention-state">
        Kept: {describeKept(retention)}; {describePruned(retention)}.
      </p>
    </section>
  );
}
