import type { CallHandlers } from '../../../shared/contract';
import type { CheckRuns } from './check-runs';

type CheckCalls = Pick<CallHandlers, 'check.start' | 'check.get' | 'check.list' | 'check.resend' | 'check.keep' | 'check.drop'>;

/** The handler check's calls of the contract (the Check view). */
export function checkCalls(checks: CheckRuns): CheckCalls {
  return {
    'check.start': (input, caller) => checks.start(input, caller),
    'check.get': ({ runId }, caller) => checks.get(runId, caller),
    'check.list': () => checks.list(),
    'check.resend': ({ runId, caseId }, caller) => checks.resend(runId, caseId, caller),
    'check.keep': ({ runId }) => checks.keep(runId),
    'check.drop': ({ runId }) => checks.drop(runId),
  };
}
