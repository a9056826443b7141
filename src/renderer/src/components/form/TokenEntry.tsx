import type { UseFormRegisterReturn } from 'react-hook-form';
import { SecretField } from './fields';
import { FormProblem } from './FormProblems';

type TokenEntryProps = {
  label: string;
  testId: string;
  /** Why what was entered cannot be used yet, under the field. */
  problem: string | null;
  problemTestId: string;
} & (
  | {
      value: string;
      /** Each edit; an edit should clear `problem`, which spoke of what was there before. */
      onChange: (value: string) => void;
    }
  | { registered: UseFormRegisterReturn }
);

/** Where a user pastes their own token (wit_…), never shown as typed, with the line saying what is wrong with it. */
export function TokenEntry({ label, testId, problem, problemTestId, ...field }: TokenEntryProps) {
  return (
    <>
      <SecretField className="wide-field" label={label} testId={testId} placeholder="wit_…" {...field} />
      <FormProblem problem={problem} testId={problemTestId} />
    </>
  );
}
