import type { Ref } from 'react';

interface FilterSelectProps {
  label: string;
  testId: string;
  value: string | undefined;
  options: (readonly [value: string, text: string])[];
  onChange: (value: string | undefined) => void;
  disabled?: boolean;
  title?: string;
  selectRef?: Ref<HTMLSelectElement>;
}

/** A labelled menu whose first option, "any", clears it; highlighted while set. */
export function FilterSelect({ label, testId, value, options, onChange, disabled, title, selectRef }: FilterSelectProps) {
  return (
    <label className={`filter-select${value ? ' active' : ''}`} title={title}>
      <span className="filter-label">{label}</span>
      <select ref={selectRef} data-testid={testId} value={value ?? ''} disabled={disabled} onChange={(event) => onChange(event.target.value || undefined)}>
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
export function withCurrent(values: readonly string[], current: string | undefined): string[] {
  return current && !values.includes(current) ? [current, ...values] : [...values];
}
