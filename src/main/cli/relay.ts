import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { channelAudit, channelHoldings, createChannel, revokeChannel, rotateChannelToken } from '../core/relay/channels';
import { migrateRelaySchema } from '../core/relay/pg-schema';
import { defaultMaxStreamsPerToken, defaultUnroutedBudgetBytes, startRelay } from '../core/relay/start-relay';
import { closeOnSignal } from './close-on-signal';
import { parsePort } from './parse-port';
import { parseCount, parseSize } from './parse-size';
import { relayStoreVariable, requiredStoreUrl, storeUrlOptions, type StoreUrlFlags } from './store-url';

const store = '(--store postgresql://… | --store-file FILE | WEBHOOK_INSPECTOR_RELAY_STORE)';

export const relayUsage = [
  `webhook-inspector relay ${store} [--port N --cert FILE --key FILE] [--http-port N] [--host ADDR] [--trust-proxy ADDR,…] [--unrouted-budget SIZE] [--max-streams-per-token N]`,
  `webhook-inspector relay channel create NAME ${store} [--keep-days N] [--keep-size SIZE] [--public-url URL]`,
  `webhook-inspector relay channel rotate NAME ${store} [--public-url URL]`,
  `webhook-inspector relay channel revoke NAME ${store}`,
  `webhook-inspector relay channel list ${store}`,
  `webhook-inspector relay audit ${store}`,
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

function printToken(name: string, token: string, publicUrl: string | undefined): void {
  const base = (publicUrl ?? 'https://<your relay host>').replace(/\/+$/, '');
  console.log(`Channel: ${name}`);
  console.log(`Callback URL: ${base}/c/${name}/webhooks   (any path under /c/${name}/ is received)`);
  console.log(`Pull token (shown once, stored only as a hash): ${token}`);
  console.log(`Connect the app: webhook-inspector serve --relay ${base} --relay-token ${token}`);
}

async function channelCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ...storeUrlOptions, 'keep-days': { type: 'string' }, 'keep-size': { type: 'string' }, 'public-url': { type: 'string' } },
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
    return printToken(name, token, values['public-url']);
  }
  if (verb === 'rotate' && name !== undefined) {
    const { token } = await withPool(url, (pool) => rotateChannelToken(pool, name));
    console.log(`The old pull token of ${name} opens nothing any more; its open streams are closed.`);
    return printToken(name, token, values['public-url']);
  }
  if (verb === 'revoke' && name !== undefined) {
    await withPool(url, (pool) => revokeChannel(pool, name));
    console.log(`Channel ${name} is revoked: its pull token opens nothing, its streams are closed, and senders to /c/${name}/ are answered 410 (kept as unrouted).`);
    return;
  }
  if (verb === 'list') {
    const channels = await withPool(url, (pool) => channelHoldings(pool));
    for (const c of channels) {
      const keep = [c.keepDays === null ? null : `${c.keepDays} days`, c.keepBytes === null ? null : megabytes(c.keepBytes)]
        .filter(Boolean)
        .join(', ');
      const state = c.revokedAt === null ? 'open' : `revoked ${c.revokedAt}`;
      console.log(`${c.name}\t${state}\t${c.deliveries} deliveries\t${megabytes(c.bytes)}\tkeeps ${keep || 'everything'}`);
    }
    return;
  }
  throw new Error(`usage:\n  ${relayUsage}`);
}

async function auditCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: storeUrlOptions, strict: true });
  for (const entry of await withPool(storeUrl(values), channelAudit)) {
    console.log(`${entry.at}\t${entry.actor}\t${entry.action}\t${entry.channel}`);
  }
}

export async function relayCommand(args: string[]): Promise<void> {
  if (args[0] === 'channel') return channelCommand(args.slice(1));
  if (args[0] === 'audit') return auditCommand(args.slice(1));
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
      'unrouted-budget': { type: 'string' },
      'max-streams-per-token': { type: 'string' },
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
    unroutedBudgetBytes: values['unrouted-budget'] === undefined ? defaultUnroutedBudgetBytes : parseSize(values['unrouted-budget'], '--unrouted-budget'),
    maxStreamsPerToken:
      values['max-streams-per-token'] === undefined ? defaultMaxStreamsPerToken : parseCount(values['max-streams-per-token'], '--max-streams-per-token'),
    log: (line) => console.error(line),
  });
  closeOnSignal(relay);
  if (relay.urls.https) console.log(`Relay (HTTPS): ${relay.urls.https}`);
  if (relay.urls.http) console.log(`Relay (HTTP):  ${relay.urls.http}`);
  console.log('Receiving on /c/<channel>/…; laptops pull from /relay/v1/ with their channel token; GET / answers a health check.');
}
