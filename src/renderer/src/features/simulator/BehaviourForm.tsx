import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { SimulatorBehaviour } from '../../../../shared/simulator';
import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { deliveryIdModeList, deliveryIdModeWords, faultList, faultWords } from './simulator-words';
import { DraftActions } from '../../components/form/DraftActions';
import { fieldProblems } from '../../components/form/field-problems';
import { FormProblems } from '../../components/form/FormProblems';
import { RoleGate } from '../../components/RoleGate';

interface BehaviourFormProps {
  behaviour: SimulatorBehaviour;
  onSaved: (behaviour: SimulatorBehaviour) => void;
}

/** A rate typed as a percentage, checked by the shared schema's bounds once divided. */
const percentOf = (rate: z.ZodNumber) => z.number().transform((percent) => percent / 100).pipe(rate);
const { shape } = SimulatorBehaviour;
/** The behaviour simulator.configure takes, its rates in percent. */
const BehaviourFields = SimulatorBehaviour.extend({
  duplicateRate: percentOf(shape.duplicateRate),
  reorderRate: percentOf(shape.reorderRate),
  unknownEventRate: percentOf(shape.unknownEventRate),
});
type BehaviourFields = z.input<typeof BehaviourFields>;

const labels = { duplicateRate: 'Duplicate rate (%)', reorderRate: 'Reorder rate (%)', unknownEventRate: 'Unknown-event rate (%)' };

function percent(rate: number): number {
  return Number((rate * 100).toFixed(2));
}

function fieldsOf(behaviour: SimulatorBehaviour): BehaviourFields {
  return {
    ...behaviour,
    duplicateRate: percent(behaviour.duplicateRate),
    reorderRate: percent(behaviour.reorderRate),
    unknownEventRate: percent(behaviour.unknownEventRate),
  };
}

/** How the simulator sends. Follows the live behaviour but for the fields edited, held until saved or reset. */
export function BehaviourForm({ behaviour, onSaved }: BehaviourFormProps) {
  const form = useForm<BehaviourFields, unknown, SimulatorBehaviour>({
    resolver: zodResolver(BehaviourFields),
    values: fieldsOf(behaviour),
    resetOptions: { keepDirtyValues: true },
  });
  const save = useMutation({
    mutationFn: (next: SimulatorBehaviour) => call('simulator.configure', next),
    onSuccess: (saved) => {
      onSaved(saved);
      form.reset(fieldsOf(saved));
    },
  });
  const mode = useWatch({ control: form.control, name: 'deliveryIdMode' });
  const rate = (name: keyof typeof labels) => form.register(name, { valueAsNumber: true });

  return (
    <section className="simulator-card" aria-labelledby="simulator-behaviour-title">
      <h2 id="simulator-behaviour-title">Behaviour</h2>
      <p className="muted">Changes apply to orders created afterwards; events already queued keep what they were created with.</p>
      <form
        className="behaviour-form"
        noValidate
        onSubmit={form.handleSubmit((next) => save.mutate(next))}
        onChange={() => save.reset()}
      >
        <label className="field">
          <span>X-Service-Delivery</span>
          <select data-testid="simulator-behaviour-delivery-id-mode" {...form.register('deliveryIdMode')}>
            {deliveryIdModeList.map((mode) => (
              <option key={mode} value={mode}>
                {deliveryIdModeWords[mode].label}
              </option>
            ))}
          </select>
          <span className="field-hint">
            {deliveryIdModeWords[mode].explanation} The spec (4.1) leaves open which one the service does, so try
            your receiver with both.
          </span>
        </label>
        <div className="rate-fields">
          <PercentField label="Duplicates" testId="simulator-behaviour-duplicate-rate" registered={rate('duplicateRate')} />
          <PercentField label="Reordered" testId="simulator-behaviour-reorder-rate" registered={rate('reorderRate')} />
          <PercentField label="Unknown events" testId="simulator-behaviour-unknown-rate" registered={rate('unknownEventRate')} />
        </div>
        <p className="field-hint">
          Duplicates: events sent twice (delivery is at least once). Reordered: events held back behind the next one of their stream.
          Unknown events: a well-formed recipient.* event the receiver should ignore.
        </p>
        <fieldset className="fault-fields">
          <legend>Faults, for testing a receiver</legend>
          {faultList.map((fault) => (
            <label key={fault} className="fault-field">
              <input type="checkbox" data-testid={`simulator-behaviour-fault-${fault}`} {...form.register(`faults.${fault}`)} />
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
            dirty={form.formState.isDirty}
            busy={save.isPending}
            onReset={() => form.reset(fieldsOf(behaviour))}
            noteUnsaved
          />
        </RoleGate>
      </form>
      <FormProblems problems={fieldProblems(form.formState.errors, labels)} testId="simulator-behaviour-problems" />
      <ActionOutcome error={save.error} done={save.isSuccess ? 'Saved. Orders created from now on use it.' : null} testId="simulator-behaviour" />
    </section>
  );
}

interface PercentFieldProps {
  label: string;
  testId: string;
  registered: UseFormRegisterReturn;
}

function PercentField({ label, testId, registered }: PercentFieldProps) {
  return (
    <label className="field">
      <span>{label}</span>
      <span className="percent-input">
        <input type="number" inputMode="decimal" min={0} max={100} step="any" data-testid={testId} {...registered} />
        <span className="muted">%</span>
      </span>
    </label>
  );
}
