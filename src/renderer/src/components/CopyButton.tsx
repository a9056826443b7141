import { useEffect, useState } from 'react';
import { copyText } from '../lib/clipboard';

interface CopyButtonProps {
  text: string;
  /** What is copied, for the accessible name: "Copy receiver URL". */
  what: string;
  testId?: string;
  /** The button's word before it is used; "Copy" unless given. */
  label?: string;
}

export function CopyButton({ text, what, testId, label: idleLabel = 'Copy' }: CopyButtonProps) {
  const [outcome, setOutcome] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (outcome === 'idle') return;
    const timer = window.setTimeout(() => setOutcome('idle'), 1_500);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  const label = outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Copy failed' : idleLabel;
  return (
    <button
      type="button"
      className="copy-button"
      data-testid={testId}
      aria-label={`Copy ${what}`}
      title={`Copy ${what}`}
      onClick={() => void copyText(text).then((ok) => setOutcome(ok ? 'copied' : 'failed'))}
    >
      {label}
    </button>
  );
}
