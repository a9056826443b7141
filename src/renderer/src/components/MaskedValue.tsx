import { useState } from 'react';
import { CopyButton } from './CopyButton';

interface MaskedValueProps {
  value: string;
  /** What it is, for the buttons' accessible names: "simulator API token". */
  what: string;
  testId: string;
}

/** A credential shown masked until asked, with Show / Hide and Copy (which copies it either way). */
export function MaskedValue({ value, what, testId }: MaskedValueProps) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <code className="fact-value masked-value" data-testid={testId} data-shown={shown}>
        {shown ? value : '•'.repeat(12)}
      </code>
      <button type="button" className="copy-button" data-testid={`${testId}-toggle`} aria-pressed={shown} aria-label={`${shown ? 'Hide' : 'Show'} ${what}`} onClick={() => setShown(!shown)}>
        {shown ? 'Hide' : 'Show'}
      </button>
      <CopyButton text={value} what={what} testId={`${testId}-copy`} />
    </>
  );
}
