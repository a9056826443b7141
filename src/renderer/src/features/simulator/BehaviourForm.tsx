import type { SimulatorBehaviour } from '../../../../shared/simulator';
import { call } from '../../api/client';
import { useDraftForm } from '../../hooks/useDraftForm';
import { ActionOutcome } from '../../components/ActionOutcome';
import { behaviourFromDraft, draftFromBehaviour, type BehaviourDraft } from './behaviour-draft';
import { deliveryIdModeList, deliveryIdModeWords, faultList, faultWords } from './simulator-words';
import { DraftActions } from '../../components/form/DraftActions';
import { FormProblems } from '../../components/form/FormProblems';
import { RoleGate } from '../../components/RoleGate';

interface BehaviourFormProps {
  behaviour: SimulatorBehaviour;
  onSaved: (behaviour: SimulatorBehaviour) => void;
}

/** How the simulator sends. Shows the live behaviour until edited, then holds the edit until saved or reset. */
export function BehaviourForm({ behaviour, onSaved }: BehaviourFormProps) {
  const form = useDraftForm({
    live: draftFromBehaviour(behaviour),
    check: (draft: BehaviourDraft) => {
      const checked = behaviourFromDraft(draft);
      return 'problems' in checked ? checked : { value: checked.behaviour };
    },
    save: async (next) => {
      const saved = await call('simulator.configure', next);
      onSaved(saved);
      return 'Saved. Orders created from now on use it.';
    },
  });
  const { shown, edit, save } = form;

  return (
    <section className="simulator-card" aria-labelledby="simulator-behaviour-title">
      <h2 id="simulator-behaviour-title">Behaviour</h2>
      <p className="muted">Changes apply to orders created afterwards; events already queued keep what they were created with.</p>
      <form
        className="behaviour-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <label className="field">
          <span>X-Service-Delivery</span>
          <select
            data-testid="simulator-behaviour-delivery-id-mode"
            value={shown.deliveryIdMode}
            onChange={(event) => edit({ deliveryIdMode: event.target.value as BehaviourDraft['deliveryIdMode'] })}
          >
            {deliveryIdModeList.map((mode) => (
              <option key={mode} value={mode}>
                {deliveryIdModeWords[mode].label}
              </option>
            ))}
          </select>
          <span className="field-hint">
            {deliveryIdModeWords[shown.deliveryIdMode].explanation} The spec (4.1) leaves open which one the service does, so try
            your receiver with both.
          </span>
        </label>
        <div className="rate-fields">
          <PercentField label="Duplicates" testId="simulator-behaviour-duplicate-rate" value={shown.duplicateRate} onChange={(duplicateRate) => edit({ duplicateRate })} />
          <PercentField label="Reordered" testId="simulator-behaviour-reorder-rate" value={shown.reorderRate} onChange={(reorderRate) => edit({ reorderRate })} />
          <PercentField label="Unknown events" testId="simulator-behaviour-unknown-rate" value={shown.unknownEventRate} onChange={(unknownEventRate) => edit({ unknownEventRate })} />
        </div>
        <p className="field-hint">
          Duplicates: events sent twice (delivery is at least once). Reordered: events held back behind the next one of their stream.
          Unknown events: a well-formed recipient.* event the receiver should ignore.
        </p>
        <fieldset className="fault-fields">
          <legend>Faults, for testing a receiver</legend>
          {faultList.map((fault) => (
            <label key={fault} className="fault-field">
              <input
                type="checkbox"
                data-testid={`simulator-behaviour-fault-${fault}`}
                checked={shown.faults[fault]}
                onChange={(event) => edit({ faults: { ...shown.faults, [fault]: event.target.checked } })}
              />
              <span>
                <strong>{faultWords[fault].label}</strong>
                <span className="field-hint"> · {faultWords[fault].explanation}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <RoleGate call="simulator.configure" doing="change the simulator's behaviour" inline>
          <DraftActions
            submitLabel="Save behaviour"
            submitTestId="simulator-behaviour-save"
            dirty={form.dirty}
            busy={save.busy}
            onReset={form.reset}
            noteUnsaved
          />
        </RoleGate>
      </form>
      <FormProblems problems={form.problems} testId="simulator-behaviour-problems" />
      <ActionOutcome error={save.error} done={save.done} testId="simulator-behaviour" />
    </section>
  );
}

interface PercentFieldProps {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
}

function PercentField({ label, testId, value, onChange }: PercentFieldProps) {
  return (
    <label className="field">
      <span>{label}</span>
      <span className="percent-input">
        <input type="number" inputMode="decimal" min={0} max={100} step="any" data-testid={testId} value={value} onChange={(event) => onChange(event.target.value)} />
        <span className="muted">%</span>
      </span>
    </label>
  );
}
