import type { Server } from 'node:http';
import pg from 'pg';
import type { ReceiverTimeouts } from '../core-options';
import { ResponsePolicyState } from '../receiver/response-policy';
import { closeServer, createHttpReceiver, createHttpsReceiver, listen, type ReceiverDeps } from '../receiver/server';
import { defaultResponsePolicy } from '../../../shared/policy';
import { RelayArrivals } from './arrivals';
import { ChannelRoutes } from './channel-routes';
import { remoteAddressBehind } from './forwarded-for';
import { migrateRelaySchema } from './pg-schema';
import { createPullApi } from './pull-api';
import { insertRelayDelivery } from './relay-deliveries';
import { pruneRelay, type PruneResult } from './retention';

export interface RelayOptions {
  /** `postgresql://…` of the relay's database; several relays may share one. */
  store: string;
  /** HTTPS with the operator's own certificate (PEM). */
  https?: { port: number; cert: string; key: string } | null;
  /** Plain HTTP, behind the operator's reverse proxy. */
  httpPort?: number | null;
  host?: string;
  /** Addresses of the reverse proxies whose X-Forwarded-For is believed. */
  trustedProxies?: string[];
  bodyLimitBytes?: number;
  timeouts?: Partial<ReceiverTimeouts>;
  /** How often retention runs; default every minute. */
  pruneEveryMs?: number;
  log?: (line: string) => void;
}

export interface Relay {
  urls: { https: string | null; http: string | null };
  /** Runs retention now (it also runs in the background). */
  prune(): Promise<PruneResult>;
  close(): Promise<void>;
}

const defaultTimeouts: ReceiverTimeouts = { headersMs: 10_000, requestMs: 30_000, handshakeMs: 10_000, keepAliveMs: 5_000 };

function urlOf(scheme: string, host: string, port: number): string {
  return `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * A relay on a public host: receives deliveries like the local receiver (the same capture code, limits and
 * answers), answers 2xx only once the delivery is committed to PostgreSQL, and lets the laptops of each
 * channel pull what it received.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  if (!options.https && (options.httpPort === undefined || options.httpPort === null)) {
    throw new Error('give --cert and --key for HTTPS, or --http-port behind your reverse proxy');
  }
  const log = options.log ?? (() => {});
  const pool = new pg.Pool({ connectionString: options.store, max: 20 });
  pool.on('error', (error) => log(`relay: a database connection failed (${error.message})`));
  const servers: Server[] = [];
  let arrivals: RelayArrivals | null = null;
  let pruneTimer: NodeJS.Timeout | null = null;
  const close = async () => {
    if (pruneTimer) clearInterval(pruneTimer);
    await Promise.all(servers.map(closeServer));
    await arrivals?.close();
    await pool.end();
  };
  try {
    await migrateRelaySchema(pool);
    arrivals = new RelayArrivals(options.store, log);
    await arrivals.start();
    const routes = new ChannelRoutes(pool);
    const deps: ReceiverDeps = {
      store: async (record) => insertRelayDelivery(pool, await routes.idFor(record.raw.path), record),
      // The relay passes bytes on; verdicts are the laptop's, with the secret it holds.
      secret: () => null,
      policy: new ResponsePolicyState({ ...defaultResponsePolicy }, () => {}),
      bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024,
      timeouts: { ...defaultTimeouts, ...options.timeouts },
      log,
      intercept: createPullApi(pool, arrivals, log),
      remoteAddress: remoteAddressBehind(options.trustedProxies ?? []),
      // Kept (for the operator to see, pruned after a week) but refused, so that a wrong callback URL shows at once.
      routeAnswer: async (raw) =>
        (await routes.idFor(raw.path)) === null ? { status: 404, reason: 'no channel at this path (/c/<channel>/…)' } : null,
    };
    const host = options.host ?? '127.0.0.1';
    const urls: Relay['urls'] = { https: null, http: null };
    if (options.https) {
      const server = createHttpsReceiver(deps, { cert: options.https.cert, key: options.https.key, fingerprint: '' });
      servers.push(server);
      urls.https = urlOf('https', host, await listen(server, options.https.port, host));
    }
    if (options.httpPort !== undefined && options.httpPort !== null) {
      const server = createHttpReceiver(deps);
      servers.push(server);
      urls.http = urlOf('http', host, await listen(server, options.httpPort, host));
    }
    const prune = () => pruneRelay(pool, Date.now());
    pruneTimer = setInterval(() => {
      prune()
        .then((pruned) => pruned.deliveries > 0 && log(`relay: retention pruned ${pruned.deliveries} deliveries (${pruned.bytes} bytes)`))
        .catch((error: Error) => log(`relay: retention failed (${error.message})`));
    }, options.pruneEveryMs ?? 60_000);
    pruneTimer.unref();
    return { urls, prune, close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}
