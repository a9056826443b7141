import type { CheckVerdict } from '../../../../shared/handler-check';
import { verdictWords } from './check-run-merge';

/** A case's verdict: a colour to scan by, the word that says it. */
export function VerdictBadge({ verdict }: { verdict: CheckVerdict }) {
  return (
    <span className={`badge check-verdict check-verdict-${verdict}`} data-testid="check-verdict" data-verdict={verdict}>
      {verdictWords[verdict]}
    </span>
  );
}
