import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { channelHoldings, createChannel } from '../core/relay/channels';
import { migrateRelaySchema } from '../core/relay/pg-schema';
import { startRelay } from '../core/relay/start-relay';
import { closeOnSignal } from './close-on-signal';
import { parsePort } from './parse-port';
import { parseCount, parseSize } from './parse-size';
import { relayStoreVariable, requiredStoreUrl, storeUrlOptions, type StoreUrlFlags } from './store-url';

export const relayUsage = [
  'webhook-inspector relay --store postgresql://… [--port N --cert FILE --key FILE] [--http-port N] [--host ADDR] [--trust-proxy ADDR,…]',
  'webhook-inspector relay channel create NAME --store postgresql://… [--keep-days N] [--keep-size SIZE] [--public-url URL]',
  'webhook-inspector relay channel list --store postgresql://…',
].join('\n  ');

/** The database URL: --store, --store-file, or WEBHOOK_INSPECTOR_RELAY_STORE (which keep a password out of the process list). */
function storeUrl(values: StoreUrlFlags): string {
  return requiredStoreUrl(values, relayStoreVariable, 'the relay database');
}

async function withPool<T>(url: string, work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    await migrateRelaySchema(pool);
    return await work(pool);
  } finally {
    await pool.end();
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

async function channelCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...storeUrlOptions,
      'keep-days': { type: 'string' },
      'keep-size': { type: 'string' },
      'public-url': { type: 'string' },
    },
    strict: true,
  });
  const [verb, name] = positionals;
  const url = storeUrl(values);
  if (verb === 'create' && name !== undefined) {
    const retention = {
      keepDays: values['keep-days'] === undefined ? null : parseCount(values['keep-days'], '--keep-days'),
      keepBytes: values['keep-size'] === undefined ? null : parseSize(values['keep-size'], '--keep-size'),
    };
    const { token } = await withPool(url, (pool) => createChannel(pool, name, retention));
    const base = (values['public-url'] ?? 'https://<your relay host>').replace(/\/+$/, '');
    console.log(`Channel: ${name}`);
    console.log(`Callback URL: ${base}/c/${name}/webhooks   (any path under /c/${name}/ is received)`);
    console.log(`Pull token (shown once, stored only as a hash): ${token}`);
    console.log(`Connect the app: webhook-inspector serve --relay ${base} --relay-token ${token}`);
    return;
  }
  if (verb === 'list') {
    const channels = await withPool(url, channelHoldings);
    for (const c of channels) {
      const keep = [c.keepDays === null ? null : `${c.keepDays} days`, c.keepBytes === null ? null : megabytes(c.keepBytes)]
        .filter(Boolean)
        .join(', ');
      console.log(`${c.name}\t${c.deliveries} deliveries\t${megabytes(c.bytes)}\tkeeps ${keep || 'everything'}`);
    }
    return;
  }
  throw new Error(`usage:\n  ${relayUsage}`);
}

export async function relayCommand(args: string[]): Promise<void> {
  if (args[0] === 'channel') return channelCommand(args.slice(1));
  const { values } = parseArgs({
    args,
    options: {
      ...storeUrlOptions,
      port: { type: 'string' },
      cert: { type: 'string' },
      key: { type: 'string' },
      'http-port': { type: 'string' },
      host: { type: 'string' },
      'trust-proxy': { type: 'string' },
    },
    strict: true,
  });
  if ((values.cert === undefined) !== (values.key === undefined)) throw new Error('give --cert and --key together');
  const relay = await startRelay({
    store: storeUrl(values),
    https:
      values.cert === undefined || values.key === undefined
        ? null
        : {
            port: values.port === undefined ? 8443 : parsePort(values.port, '--port'),
            cert: readFileSync(values.cert, 'utf8'),
            key: readFileSync(values.key, 'utf8'),
          },
    httpPort: values['http-port'] === undefined ? null : parsePort(values['http-port'], '--http-port'),
    host: values.host,
    trustedProxies: values['trust-proxy']?.split(',').map((a) => a.trim()).filter(Boolean) ?? [],
    log: (line) => console.error(line),
  });
  closeOnSignal(relay);
  if (relay.urls.https) console.log(`Relay (HTTPS): ${relay.urls.https}`);
  if (relay.urls.http) console.log(`Relay (HTTP):  ${relay.urls.http}`);
  console.log('Receiving on /c/<channel>/…; laptops pull from /relay/v1/ with their channel token.');
}
