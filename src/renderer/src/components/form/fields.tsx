import type { ReactNode } from 'react';

/** `field` plus a layout class such as `wide-field`. */
const fieldClass = (className: string | undefined) => (className ? `field ${className}` : 'field');

interface NumberFieldProps {
  label: string;
  hint: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
}

/** A whole number typed as text, so that a half-typed value stays as typed. */
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

interface TextFieldProps {
  label: ReactNode;
  /** A class for the label's text, e.g. `muted`. */
  labelClassName?: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'url';
  placeholder?: string;
  autoComplete?: string;
  className?: string;
}

/** A text or URL field, without spell checking (paths, URLs). */
export function TextField({ label, labelClassName, testId, value, onChange, type = 'text', placeholder, autoComplete, className }: TextFieldProps) {
  return (
    <label className={fieldClass(className)}>
      <span className={labelClassName}>{label}</span>
      <input
        type={type}
        data-testid={testId}
        spellCheck={false}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

interface SecretFieldProps {
  label: ReactNode;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className?: string;
}

/** A secret or token: masked, never autofilled. */
export function SecretField({ label, testId, value, onChange, placeholder, className }: SecretFieldProps) {
  return (
    <label className={fieldClass(className)}>
      <span>{label}</span>
      <input
        type="password"
        data-testid={testId}
        autoComplete="off"
        spellCheck={false}
        maxLength={4096}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

interface CheckboxFieldProps {
  label: ReactNode;
  testId: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

export function CheckboxField({ label, testId, checked, onChange, disabled }: CheckboxFieldProps) {
  return (
    <label className="field checkbox-field">
      <input type="checkbox" data-testid={testId} checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
