import type { ChangeEvent, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** `field` plus a layout class such as `wide-field`. */
const fieldClass = (className: string | undefined) => (className ? `field ${className}` : 'field');

type NumberFieldProps = {
  label: string;
  hint: string;
  testId: string;
} & ({ value: string; onChange: (value: string) => void } | { registered: UseFormRegisterReturn });

/** A whole number typed as text, so that a half-typed value stays as typed; or a field of a react-hook-form. */
export function NumberField({ label, hint, testId, ...field }: NumberFieldProps) {
  const input = 'registered' in field ? field.registered : { value: field.value, onChange: (event: ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value) };
  return (
    <label className="field">
      <span>
        {label} <span className="muted">{hint}</span>
      </span>
      <input type="number" inputMode="numeric" data-testid={testId} {...input} />
    </label>
  );
}

type TextFieldProps = {
  label: ReactNode;
  /** A class for the label's text, e.g. `muted`. */
  labelClassName?: string;
  testId: string;
  type?: 'text' | 'url';
  placeholder?: string;
  autoComplete?: string;
  className?: string;
} & ({ value: string; onChange: (value: string) => void } | { registered: UseFormRegisterReturn });

/** A text or URL field, without spell checking (paths, URLs). */
export function TextField({ label, labelClassName, testId, type = 'text', placeholder, autoComplete, className, ...field }: TextFieldProps) {
  const input = 'registered' in field ? field.registered : { value: field.value, onChange: (event: ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value) };
  return (
    <label className={fieldClass(className)}>
      <span className={labelClassName}>{label}</span>
      <input type={type} data-testid={testId} spellCheck={false} autoComplete={autoComplete} placeholder={placeholder} {...input} />
    </label>
  );
}

type SecretFieldProps = {
  label: ReactNode;
  testId: string;
  placeholder: string;
  className?: string;
} & ({ value: string; onChange: (value: string) => void } | { registered: UseFormRegisterReturn });

/** A secret or token: masked, never autofilled. */
export function SecretField({ label, testId, placeholder, className, ...field }: SecretFieldProps) {
  const input = 'registered' in field ? field.registered : { value: field.value, onChange: (event: ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value) };
  return (
    <label className={fieldClass(className)}>
      <span>{label}</span>
      <input type="password" data-testid={testId} autoComplete="off" spellCheck={false} maxLength={4096} placeholder={placeholder} {...input} />
    </label>
  );
}

type CheckboxFieldProps = {
  label: ReactNode;
  testId: string;
  disabled?: boolean;
} & ({ checked: boolean; onChange: (checked: boolean) => void } | { registered: UseFormRegisterReturn });

export function CheckboxField({ label, testId, disabled, ...field }: CheckboxFieldProps) {
  const input = 'registered' in field ? field.registered : { checked: field.checked, onChange: (event: ChangeEvent<HTMLInputElement>) => field.onChange(event.target.checked) };
  return (
    <label className="field checkbox-field">
      <input type="checkbox" data-testid={testId} disabled={disabled} {...input} />
      <span>{label}</span>
    </label>
  );
}
