import type { CallHandlers } from '../../../shared/contract';
import { summaryShownTo, type CheckRuns } from './check-runs';

type CheckCalls = Pick<CallHandlers, 'check.start' | 'check.get' | 'check.list' | 'check.resend' | 'check.keep' | 'check.drop'>;

/** The handler check's calls of the contract (the Check view). */
export function checkCalls(checks: CheckRuns): CheckCalls {
  return {
    'check.start': (input, caller) => checks.start(input, caller),
    'check.get': ({ runId }, caller) => checks.get(runId, caller),
    'check.list': (_input, caller) => {
      const { current, kept } = checks.list();
      return { current: current && summaryShownTo(current, caller), kept: kept.map((run) => summaryShownTo(run, caller)) };
    },
    'check.resend': ({ runId, caseId }, caller) => checks.resend(runId, caseId, caller),
    'check.keep': ({ runId }, caller) => summaryShownTo(checks.keep(runId), caller),
    'check.drop': ({ runId }, caller) => ({ kept: checks.drop(runId).kept.map((run) => summaryShownTo(run, caller)) }),
  };
}
