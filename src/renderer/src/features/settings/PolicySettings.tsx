import { useState } from 'react';
import type { ResponsePolicy } from '../../../../shared/policy';
import { call } from '../../api/client';
import { describePolicy } from '../../lib/words';
import { ActionOutcome } from '../../components/ActionOutcome';
import { draftFromPolicy, policyFromDraft, type PolicyDraft } from './policy-draft';
import { useCallAction } from '../../hooks/useCallAction';

/**
 * How the receiver answers. The form shows the live policy until the user edits it
 * (fail-next counts down as deliveries arrive); then it holds the edit until saved or reset.
 */
export function PolicySettings({ policy, onSaved }: { policy: ResponsePolicy; onSaved: (policy: ResponsePolicy) => void }) {
  const [draft, setDraft] = useState<PolicyDraft | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const shown = draft ?? draftFromPolicy(policy);

  const save = useCallAction(async (next: ResponsePolicy) => {
    const saved = await call('settings.setPolicy', next);
    onSaved(saved);
    setDraft(null);
    return `Saved: ${describePolicy(saved)}.`;
  });

  const edit = (change: Partial<PolicyDraft>) => {
    save.clear();
    setProblems([]);
    setDraft({ ...shown, ...change });
  };

  const submit = () => {
    const checked = policyFromDraft(shown);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    void save.run(checked.policy);
  };

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
          submit();
        }}
      >
        <NumberField label="Status" hint="200–599" testId="settings-policy-status" value={shown.status} onChange={(status) => edit({ status })} />
        <NumberField label="Delay" hint="ms" testId="settings-policy-delay" value={shown.delayMs} onChange={(delayMs) => edit({ delayMs })} />
        <NumberField label="Fail next" hint="deliveries" testId="settings-policy-fail-next" value={shown.failNext} onChange={(failNext) => edit({ failNext })} />
        <NumberField label="with status" hint="200–599" testId="settings-policy-fail-status" value={shown.failStatus} onChange={(failStatus) => edit({ failStatus })} />
        <label className="field checkbox-field">
          <input
            type="checkbox"
            data-testid="settings-policy-reject-invalid"
            checked={shown.rejectInvalidSignature}
            onChange={(event) => edit({ rejectInvalidSignature: event.target.checked })}
          />
          <span>Answer 401 when the signature is not valid, as a strict receiver would</span>
        </label>
        <div className="settings-actions">
          <button type="submit" className="primary" data-testid="settings-policy-save" disabled={save.busy || draft === null}>
            Save policy
          </button>
          <button type="button" data-testid="settings-policy-reset" disabled={draft === null} onClick={() => { setDraft(null); setProblems([]); }}>
            Reset
          </button>
          {draft !== null && <span className="muted">unsaved changes</span>}
        </div>
      </form>
      {problems.length > 0 && (
        <div className="call-error" role="alert" data-testid="settings-policy-problems">
          {problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </div>
      )}
      <ActionOutcome error={save.error} done={save.done} testId="settings-policy" />
    </section>
  );
}

interface NumberFieldProps {
  label: string;
  hint: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
}

export function NumberField({ label, hint, testId, value, onChange }: NumberFieldProps) {
  return (
    <label className="field">
      <span>
        {label} <span className="muted">{hint}</span>
      </span>
      <input type="number" inputMode="numeric" data-testid={testId} value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}
