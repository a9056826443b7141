import type { CallContext } from '../../../shared/contract';
import type { SimulatorState } from '../../../shared/simulator';
import { redactUrl } from '../../../shared/url-redaction';

/**
 * The simulator as `caller` may read it (issue: "What viewers see"): its credentials are the admins'. Below admin,
 * without its API token and signing secret, and the callback URLs redacted (shared/url-redaction.ts).
 */
export function simulatorStateShownTo(state: SimulatorState, caller: CallContext): SimulatorState {
  if (!state.running || caller.role === 'admin') return state;
  return {
    ...state,
    credentials: null,
    events: state.events.map((event) => (event.callbackUrl === null ? event : { ...event, callbackUrl: redactUrl(event.callbackUrl) })),
  };
}
