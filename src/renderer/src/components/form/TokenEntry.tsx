import { SecretField } from './fields';
import { FormProblem } from './FormProblems';

interface TokenEntryProps {
  label: string;
  testId: string;
  value: string;
  /** Each edit; an edit should clear `problem`, which spoke of what was there before. */
  onChange: (value: string) => void;
  /** Why what was entered cannot be used yet, under the field. */
  problem: string | null;
  problemTestId: string;
}

/** Where a user pastes their own token (wit_…), never shown as typed, with the line saying what is wrong with it. */
export function TokenEntry({ label, testId, value, onChange, problem, problemTestId }: TokenEntryProps) {
  return (
    <>
      <SecretField className="wide-field" label={label} testId={testId} placeholder="wit_…" value={value} onChange={onChange} />
      <FormProblem problem={problem} testId={problemTestId} />
    </>
  );
}
