import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { sendJson } from './relay-json';
import { storeUnavailableHeaders } from './store-unavailable';

/** A load balancer may ask often: the database is asked at most this often, by all of them together. */
const checkEveryMs = 1000;

/**
 * `GET /` and `HEAD /`: whether this relay can take deliveries, for a load balancer's health check. 200
 * `{"ok":true,"store":"up"}`, or 503 `{"ok":false,"store":"down"}` while its database cannot be reached. Not recorded.
 */
export function createHealthCheck(pool: pg.Pool) {
  let last: { at: number; up: Promise<boolean> } | null = null;
  const storeUp = () => {
    if (last === null || Date.now() - last.at >= checkEveryMs) {
      last = { at: Date.now(), up: pool.query('SELECT 1').then(() => true, () => false) };
    }
    return last.up;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || (req.url ?? '').split('?')[0] !== '/') return false;
    void storeUp().then((up) =>
      up ? sendJson(res, 200, { ok: true, store: 'up' }) : sendJson(res, 503, { ok: false, store: 'down' }, storeUnavailableHeaders),
    );
    return true;
  };
}
