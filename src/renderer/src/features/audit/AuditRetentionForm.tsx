import { useState } from 'react';
import type { AuditRetentionLimits } from '../../../../shared/team';
import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { DraftActions } from '../../components/form/DraftActions';
import { FormProblem } from '../../components/form/FormProblems';
import { NumberField } from '../../components/form/fields';
import { useCallAction } from '../../hooks/useCallAction';

interface Draft {
  days: string;
  entries: string;
}

const draftOf = (limits: AuditRetentionLimits): Draft => ({ days: String(limits.keepDays), entries: String(limits.keepEntries) });

/** A whole number within [min, max], or undefined. */
function wholeWithin(text: string, min: number, max: number): number | undefined {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

/** Settings → Audit log → Keep: the audit log's retention (admins; both limits always apply, never unbounded). */
export function AuditRetentionForm({ limits }: { limits: AuditRetentionLimits }) {
  const [applied, setApplied] = useState(limits);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = draft ?? draftOf(applied);

  const apply = useCallAction(async (next: AuditRetentionLimits) => {
    const answer = await call('audit.setRetention', next);
    setApplied(answer.limits);
    setDraft(null);
    return `Saved: ${answer.limits.keepDays} days, ${answer.limits.keepEntries} entries; ${answer.removed} older entries removed.`;
  });

  const edit = (change: Partial<Draft>) => {
    apply.clear();
    setProblem(null);
    setDraft({ ...shown, ...change });
  };

  const submit = () => {
    const keepDays = wholeWithin(shown.days, 1, 36_500);
    const keepEntries = wholeWithin(shown.entries, 1_000, 100_000_000);
    if (keepDays === undefined || keepEntries === undefined) {
      setProblem('Days are a whole number from 1 to 36500, entries from 1000 to 100000000: the audit log always has both limits.');
      return;
    }
    void apply.run({ keepDays, keepEntries });
  };

  return (
    <div data-testid="audit-retention">
      <p className="muted">
        Entries older than the days, or past the newest entries kept, are removed at once and then hourly. Each entry keeps at most 4 KiB
        of what a call was given (with the SHA-256 of the whole when cut).
      </p>
      <form
        className="settings-grid"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <NumberField label="Keep days" hint="(recorded within)" testId="audit-retention-days" value={shown.days} onChange={(days) => edit({ days })} />
        <NumberField label="Keep entries" hint="(the newest)" testId="audit-retention-entries" value={shown.entries} onChange={(entries) => edit({ entries })} />
        <DraftActions
          submitLabel="Apply"
          submitTestId="audit-retention-apply"
          dirty={draft !== null}
          busy={apply.busy}
          onReset={() => {
            setDraft(null);
            setProblem(null);
          }}
        />
      </form>
      <FormProblem problem={problem} />
      <ActionOutcome error={apply.error} done={apply.done} testId="audit-retention" />
    </div>
  );
}
