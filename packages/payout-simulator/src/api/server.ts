import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimAccount } from '../model';
import type { OrderSink } from '../order-sink';
import { checkApiToken } from './auth';
import { sendError } from './http-json';
import { dispatch, type RouteContext } from './routes';
import { SimWorld } from './world';
import type { DispatchEventView } from '../dispatcher/event-records';
import { defaultSimulatorSeed } from '../simulator-defaults';

export interface SimulatorApiOptions {
  /** 0 (default) for an ephemeral port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  account: SimAccount;
  /** Seed of the records and of the draws for created orders; default 1. */
  seed?: number;
  /** Told of each created payout order (the dispatcher starts its event streams). */
  sink?: OrderSink;
  now?: () => Date;
  /** Largest POST body, in bytes (default 1 MiB). */
  bodyLimitBytes?: number;
  /** One line per unexpected failure; never given the token or the secret. */
  log?: (line: string) => void;
  /** Accept http:// callback URLs as well as https:// (spec 2.5 says HTTPS). Default false. */
  allowPlainHttp?: boolean;
  /** The webhooks sent so far, oldest first, for GET /api/webhook-attempts (the dispatcher's). */
  webhooks?: () => readonly DispatchEventView[];
}

export interface SimulatorApi {
  /** Base URL, e.g. http://127.0.0.1:41234 (paths start with /api). */
  url: string;
  world: SimWorld;
  close(): Promise<void>;
}

export { defaultSimulatorSeed };

/** The simulated service's API over plain HTTP: token on every request, JSON for every answer. */
export async function startSimulatorApi(options: SimulatorApiOptions): Promise<SimulatorApi> {
  const seed = options.seed ?? defaultSimulatorSeed;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffff_ffff) throw new Error(`seed must be an integer in 0..4294967295, not ${seed}`);
  const now = options.now ?? (() => new Date());
  const world = new SimWorld(seed, now);
  const log = options.log ?? (() => {});
  const context: RouteContext = {
    world,
    account: options.account,
    sink: options.sink,
    now,
    newUuid: randomUUID,
    bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024,
    allowPlainHttp: options.allowPlainHttp ?? false,
    webhooks: options.webhooks ?? (() => []),
  };

  const server = createServer((req, res) => {
    const url = URL.parse(req.url ?? '/', 'http://simulator.invalid');
    if (!url) return sendError(res, 400, 'Request target is not a valid path');
    const token = checkApiToken(req.headers['x-api-token'], options.account.apiToken);
    if (token !== 'ok') {
      return sendError(res, 401, token === 'missing' ? 'Missing X-Api-Token header' : 'Invalid API token');
    }
    dispatch(req, res, url, context).catch((error: Error) => {
      log(`simulator api: ${req.method} ${url.pathname} failed (${error.message})`);
      if (!res.headersSent) sendError(res, 500, 'Internal error');
      else res.destroy();
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    world,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
