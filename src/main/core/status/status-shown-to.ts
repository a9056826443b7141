import type { CallContext, CoreStatus } from '../../../shared/contract';
import { redactUrl, redactUrlsIn } from '../../../shared/url-redaction';

/**
 * The status as `caller` may read it (issue: "What viewers see"): on a team server the server's paths, where its
 * database is and the URLs an admin typed (the service's, a relay's) are the admins'. Below admin: no data dir, no
 * database location, the typed URLs redacted (shared/url-redaction.ts), no audit retention. A personal inspector's one
 * user is an admin: they see everything.
 */
export function statusShownTo(status: CoreStatus, caller: CallContext): CoreStatus {
  if (caller.role === 'admin') return status;
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
