import type { Server } from 'node:http';
import pg from 'pg';
import {
  closeServer,
  createHttpReceiver,
  createHttpsReceiver,
  listen,
  ResponsePolicyState,
  type RawDelivery,
  type ReceiverDeps,
  type ReceiverTimeouts,
} from '@webhook-inspector/capture';
import { GroupCommitWriter } from '@webhook-inspector/group-commit';
import { RelayArrivals } from './arrivals';
import { ChannelFeeds } from './channel-feeds';
import { ChannelRoutes, type Routed } from './channel-routes';
import { remoteAddressBehind } from './forwarded-for';
import { createHealthCheck } from './health-check';
import { migrateRelaySchema } from './pg-schema';
import { createPullApi } from './pull-api';
import { insertRelayDeliveries, type ChannelDelivery } from './relay-deliveries';
import { defaultMaxStreamsPerToken, defaultUnroutedBudgetBytes } from './relay-defaults';
import { pruneRelay, type PruneResult } from './retention';
import { storeUnavailable, storeUnavailableHeaders } from './store-unavailable';
import { UnroutedBudget, unroutedRecord } from './unrouted';
import { silentRelayLogger, type RelayLogger } from './relay-logger';

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
  /** Bytes kept in all of deliveries outside every channel (request lines, headers, body prefixes); default 64 MB. */
  unroutedBudgetBytes?: number;
  /** Open streams per pull token on this relay process; default 8. */
  maxStreamsPerToken?: number;
  /** How often a channel with open streams looks again without a notice; default 2 s. */
  streamPollMs?: number;
  /** Where it says what happened (`serve`: pino's JSON on stderr); by default nowhere. */
  logger?: RelayLogger;
}

export interface Relay {
  urls: { https: string | null; http: string | null };
  /** Runs retention now (it also runs in the background). */
  prune(): Promise<PruneResult>;
  /** Open streams, those fed by their channel's shared reads, and the shared reads so far (one per notice or poll per channel). */
  streamStats(): { open: number; live: number; sharedReads: number };
  close(): Promise<void>;
}

export { defaultMaxStreamsPerToken, defaultUnroutedBudgetBytes };
/** The relay answers 200 once a delivery is stored; how the laptop's own receiver answers is the laptop's. */
const relayPolicy = { status: 200, delayMs: 0, failNext: 0, failStatus: 500, rejectInvalidSignature: false };
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
  const logger = options.logger ?? silentRelayLogger;
  // A database that does not answer fails a request within seconds (then a 503), rather than holding it.
  const pool = new pg.Pool({ connectionString: options.store, max: 20, connectionTimeoutMillis: 5000 });
  pool.on('error', (error) => logger.warn(`relay: a database connection failed (${error.message})`));
  const servers: Server[] = [];
  const feeds = new ChannelFeeds(pool, { pageSize: 500, pollMs: options.streamPollMs ?? 2000, heartbeatMs: 15_000, maxBufferedBytes: 16 * 2 ** 20, logger });
  const routes = new ChannelRoutes(pool);
  const unrouted = new UnroutedBudget(pool, options.unroutedBudgetBytes ?? defaultUnroutedBudgetBytes, logger);
  const arrivals = new RelayArrivals(
    options.store,
    {
      arrived: (channelId) => feeds.arrived(channelId),
      channelChanged: (channelId) => {
        routes.forget(channelId);
        feeds.channelChanged(channelId);
      },
    },
    logger,
  );
  let pruneTimer: NodeJS.Timeout | null = null;
  const close = async () => {
    if (pruneTimer) clearInterval(pruneTimer);
    feeds.closeAll();
    await Promise.all(servers.map(closeServer));
    await arrivals.close();
    await unrouted.settled();
    await pool.end();
  };
  try {
    await migrateRelaySchema(pool);
    await arrivals.start();
    // What arrives while a commit is under way is stored by the next one, so one WAL flush answers many senders.
    const writer = new GroupCommitWriter<ChannelDelivery>({ commit: (deliveries) => insertRelayDeliveries(pool, deliveries), largestBatch: 500 });
    // The answer and the store ask once per delivery where it goes (the same raw request).
    const routed = new WeakMap<RawDelivery, Promise<Routed>>();
    const routeOf = (raw: RawDelivery) => {
      const known = routed.get(raw);
      if (known) return known;
      const route = routes.route(raw.path);
      routed.set(raw, route);
      return route;
    };
    const pullApi = createPullApi(pool, feeds, { maxStreamsPerToken: options.maxStreamsPerToken ?? defaultMaxStreamsPerToken, logger });
    const healthCheck = createHealthCheck(pool, logger);
    const deps: ReceiverDeps = {
      store: async (record) => {
        const { channelId } = await routeOf(record.raw);
        if (channelId !== null) return writer.enqueue({ channelId, record });
        const id = await writer.enqueue({ channelId: null, record: unroutedRecord(record) });
        unrouted.stored();
        return id;
      },
      // The relay passes bytes on; verdicts are the laptop's, with the secret it holds.
      secret: () => null,
      checkSignature: () => ({ verdict: 'no_secret' }),
      policy: new ResponsePolicyState({ ...relayPolicy }),
      bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024,
      timeouts: { ...defaultTimeouts, ...options.timeouts },
      log: (line) => logger.warn(line),
      intercept: (req, res) => healthCheck(req, res) || pullApi(req, res),
      remoteAddress: remoteAddressBehind(options.trustedProxies ?? []),
      // Kept (for the operator to see, within the unrouted budget) but refused, so that a wrong callback URL shows at once.
      // A route the database could not tell is left to the store, which then fails and answers 503.
      routeAnswer: async (raw) => {
        const route = await routeOf(raw).catch(() => null);
        return route?.channelId === null ? route.answer : null;
      },
      storeRefusal: { body: JSON.stringify(storeUnavailable), headers: storeUnavailableHeaders },
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
    const prune = () => pruneRelay(pool, Date.now(), unrouted.budgetBytes);
    pruneTimer = setInterval(() => {
      prune()
        .then((pruned) => pruned.deliveries > 0 && logger.info(`relay: retention pruned ${pruned.deliveries} deliveries (${pruned.bytes} bytes)`))
        .catch((error: Error) => logger.warn(`relay: retention failed (${error.message})`));
    }, options.pruneEveryMs ?? 60_000);
    pruneTimer.unref();
    return { urls, prune, streamStats: () => feeds.stats(), close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}
