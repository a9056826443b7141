import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { createDatabaseProbe, type DatabaseHealth } from './database-probe';
import { sendJson } from './relay-json';
import { storeUnavailableHeaders } from './store-unavailable';
import type { RelayLogger } from './relay-logger';

/** A load balancer may ask often: the database is asked at most this often, by all of them together. */
const checkEveryMs = 1000;
/** Within a load balancer's usual timeout (5 s), so that a database that hangs is reported rather than waited on. */
const answerWithinMs = 2000;

type Answer = (res: ServerResponse, health: DatabaseHealth) => void;

/** `/healthz`, for load balancers: 200 `{"status":"ok","database":"ok"}`, or 503 with the reason and Retry-After. */
const healthz: Answer = (res, health) =>
  health.ok
    ? sendJson(res, 200, { status: 'ok', database: 'ok' })
    : sendJson(res, 503, { status: 'unavailable', database: 'unavailable', reason: health.reason }, storeUnavailableHeaders);

/** `/`, as the relay answered it first: 200 `{"ok":true,"store":"up"}`, or 503 `{"ok":false,"store":"down"}`. */
const root: Answer = (res, health) =>
  health.ok ? sendJson(res, 200, { ok: true, store: 'up' }) : sendJson(res, 503, { ok: false, store: 'down' }, storeUnavailableHeaders);

const answers = new Map<string, Answer>([
  ['/healthz', healthz],
  ['/', root],
]);

/**
 * `GET`/`HEAD` `/healthz` (and `/`): whether this relay can take deliveries, that is whether its database answers, on
 * every listener. Not recorded. The log says when the answer changes.
 */
export function createHealthCheck(pool: pg.Pool, logger: RelayLogger) {
  const probe = createDatabaseProbe({ ask: () => pool.query('SELECT 1'), reuseMs: checkEveryMs, answerWithinMs });
  let wasOk = true;
  const health = async () => {
    const now = await probe();
    if (now.ok && !wasOk) logger.info('relay: health check: the database answers again');
    if (!now.ok && wasOk) logger.error(`relay: health check: ${now.reason}`);
    wasOk = now.ok;
    return now;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const answer = answers.get((req.url ?? '').split('?')[0]!);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || answer === undefined) return false;
    void health().then((now) => answer(res, now));
    return true;
  };
}
