import type { Ref } from 'react';
import type { DeliveryFilter } from '../../../../shared/delivery';
import { isFilterEmpty } from '../../lib/route';
import { formWords, payloadFormList, signatureVerdictList, verdictWords } from '../../lib/words';
import { TextFilterInput } from './TextFilterInput';

interface DeliveryFiltersProps {
  filter: DeliveryFilter;
  events: readonly string[];
  paths: readonly string[];
  onChange: (filter: DeliveryFilter) => void;
  textInputRef: Ref<HTMLInputElement>;
  onLeaveText: () => void;
}

export function DeliveryFilters({ filter, events, paths, onChange, textInputRef, onLeaveText }: DeliveryFiltersProps) {
  const set = (change: Partial<DeliveryFilter>) => onChange({ ...filter, ...change });

  return (
    <div className="filter-bar" role="search">
      <TextFilterInput value={filter.text ?? ''} onCommit={(text) => set({ text: text || undefined })} onEscape={onLeaveText} inputRef={textInputRef} />
      <FilterSelect label="Event" testId="filter-event" value={filter.event} options={withCurrent(events, filter.event).map((e) => [e, e])} onChange={(event) => set({ event })} />
      <FilterSelect
        label="Form"
        testId="filter-form"
        value={filter.form}
        options={payloadFormList.map((form) => [form, formWords[form]])}
        onChange={(form) => set({ form: form as DeliveryFilter['form'] })}
      />
      <FilterSelect
        label="Signature"
        testId="filter-signature"
        value={filter.signature}
        options={signatureVerdictList.map((verdict) => [verdict, verdictWords[verdict]])}
        onChange={(signature) => set({ signature: signature as DeliveryFilter['signature'] })}
      />
      <FilterSelect label="Path" testId="filter-path" value={filter.path} options={withCurrent(paths, filter.path).map((p) => [p, p])} onChange={(path) => set({ path })} />
      {!isFilterEmpty(filter) && (
        <button type="button" className="link-button" data-testid="filter-clear" onClick={() => onChange({})}>
          Clear filters
        </button>
      )}
    </div>
  );
}

interface FilterSelectProps {
  label: string;
  testId: string;
  value: string | undefined;
  options: (readonly [value: string, text: string])[];
  onChange: (value: string | undefined) => void;
}

function FilterSelect({ label, testId, value, options, onChange }: FilterSelectProps) {
  return (
    <label className={`filter-select${value ? ' active' : ''}`}>
      <span className="filter-label">{label}</span>
      <select data-testid={testId} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">any</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A value from the URL stays selectable even before the facets list it. */
function withCurrent(values: readonly string[], current: string | undefined): string[] {
  return current && !values.includes(current) ? [current, ...values] : [...values];
}
