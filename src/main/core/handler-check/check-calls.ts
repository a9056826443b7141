import type { CallHandlers } from '../../../shared/contract';
import type { CheckRuns } from './check-runs';

type CheckCalls = Pick<CallHandlers, 'check.start' | 'check.get' | 'check.list' | 'check.resend' | 'check.keep' | 'check.drop'>;

/** The handler check's calls of the contract (the Check view). */
export function checkCalls(checks: CheckRuns): CheckCalls {
  return {
    'check.start': (input) => checks.start(input),
    'check.get': ({ runId }) => checks.get(runId),
    'check.list': () => checks.list(),
    'check.resend': ({ runId, caseId }) => checks.resend(runId, caseId),
    'check.keep': ({ runId }) => checks.keep(runId),
    'check.drop': ({ runId }) => checks.drop(runId),
  };
}
