import type { CallContext, CoreStatus } from '../../../shared/contract';
import type { SimulatorState } from '../../../shared/simulator';
import { redactUrl, redactUrlsIn } from '../../../shared/url-redaction';

/**
 * What viewers see (issue: "What viewers see"). On a team server the server's paths, where its database is, the
 * simulator's credentials and the URLs an admin typed (the service's, a relay's, the forward target) are the admins';
 * a URL a user typed (a replay's, a check run's target) is whole for them and admins, its credentials redacted for
 * anyone else (shared/url-redaction.ts). A personal inspector's one user is an admin: they see everything.
 */

const isAdmin = (caller: CallContext) => caller.role === 'admin';

/** The status as `caller` may read it: below admin, no data dir, no database location, the typed URLs redacted, no audit retention. */
export function statusShownTo(status: CoreStatus, caller: CallContext): CoreStatus {
  if (isAdmin(caller)) return status;
  return {
    ...status,
    dataDir: null,
    store: { engine: status.store.engine, location: null },
    service: { ...status.service, baseUrl: status.service.baseUrl === null ? null : redactUrl(status.service.baseUrl) },
    sources: status.sources.map((source) => ({ ...source, url: redactUrl(source.url), reason: source.reason === null ? null : redactUrlsIn(source.reason) })),
    relay: status.relay === null ? null : { ...status.relay, url: redactUrl(status.relay.url) },
    auditRetention: null,
  };
}

/** The simulator as `caller` may read it: below admin, without its API token and signing secret, callback URLs redacted. */
export function simulatorStateShownTo(state: SimulatorState, caller: CallContext): SimulatorState {
  if (!state.running || isAdmin(caller)) return state;
  return {
    ...state,
    credentials: null,
    events: state.events.map((event) => (event.callbackUrl === null ? event : { ...event, callbackUrl: redactUrl(event.callbackUrl) })),
  };
}
