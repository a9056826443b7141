import type { CallHandlers } from '../../../shared/contract';
import type { CheckRuns } from './check-runs';
import { checkTargetShownTo } from '../control/shown-to';

type CheckCalls = Pick<CallHandlers, 'check.start' | 'check.get' | 'check.list' | 'check.resend' | 'check.keep' | 'check.drop'>;

/** The handler check's calls of the contract (the Check view). */
export function checkCalls(checks: CheckRuns): CheckCalls {
  return {
    'check.start': (input, caller) => checks.start(input, caller),
    'check.get': ({ runId }, caller) => checkTargetShownTo(checks.get(runId, caller), caller),
    'check.list': (_input, caller) => {
      const { current, kept } = checks.list();
      return { current: current && checkTargetShownTo(current, caller), kept: kept.map((run) => checkTargetShownTo(run, caller)) };
    },
    'check.resend': ({ runId, caseId }, caller) => checks.resend(runId, caseId, caller),
    'check.keep': ({ runId }, caller) => checkTargetShownTo(checks.keep(runId), caller),
    'check.drop': ({ runId }, caller) => ({ kept: checks.drop(runId).kept.map((run) => checkTargetShownTo(run, caller)) }),
  };
}
