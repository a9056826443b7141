import type { CallHandlers, CoreStatus } from '../../../shared/contract';
import { statusShownTo } from './status-shown-to';

/** The call `status.get`: the core's status, as the caller may read it. */
export function statusCalls(status: () => CoreStatus) {
  return {
    'status.get': (_input, caller) => statusShownTo(status(), caller),
  } satisfies Pick<CallHandlers, 'status.get'>;
}
