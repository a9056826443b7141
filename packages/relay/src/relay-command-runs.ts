import { readFileSync } from 'node:fs';
import pg from 'pg';
import { closeOnSignal, parseCommandLine, parseCount, parsePort, parseSize, requiredStoreUrl, type StoreUrlFlags } from '@webhook-inspector/command-line';
import { channelAudit, channelHoldings, createChannel, revokeChannel, rotateChannelToken } from './channels';
import { migrateRelaySchema } from './pg-schema';
import { defaultMaxStreamsPerToken, defaultUnroutedBudgetBytes } from './relay-defaults';
import {
  channelCreateDefinition,
  channelListDefinition,
  relayAuditDefinition,
  relayDefinition,
  relayStoreVariable,
  channelRevokeDefinition,
  channelRotateDefinition,
} from './relay-definitions';
import { startRelay } from './start-relay';

// What the relay's commands (relay-commands.ts) do, loaded only when one of them runs.

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

export async function channelCreateCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(channelCreateDefinition, args);
  const name = positionals[0]!;
  const retention = {
    keepDays: values['keep-days'] === undefined ? null : parseCount(values['keep-days'], '--keep-days'),
    keepBytes: values['keep-size'] === undefined ? null : parseSize(values['keep-size'], '--keep-size'),
  };
  const { token } = await withPool(storeUrl(values), (pool) => createChannel(pool, name, retention));
  printToken(name, token, values['public-url']);
}

export async function channelRotateCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(channelRotateDefinition, args);
  const name = positionals[0]!;
  const { token } = await withPool(storeUrl(values), (pool) => rotateChannelToken(pool, name));
  console.log(`The old pull token of ${name} opens nothing any more; its open streams are closed.`);
  printToken(name, token, values['public-url']);
}

export async function channelRevokeCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(channelRevokeDefinition, args);
  const name = positionals[0]!;
  await withPool(storeUrl(values), (pool) => revokeChannel(pool, name));
  console.log(`Channel ${name} is revoked: its pull token opens nothing, its streams are closed, and senders to /c/${name}/ are answered 410 (kept as unrouted).`);
}

export async function channelListCommand(args: string[]): Promise<void> {
  const { values } = parseCommandLine(channelListDefinition, args);
  const channels = await withPool(storeUrl(values), (pool) => channelHoldings(pool));
  for (const c of channels) {
    const keep = [c.keepDays === null ? null : `${c.keepDays} days`, c.keepBytes === null ? null : megabytes(c.keepBytes)]
      .filter(Boolean)
      .join(', ');
    const state = c.revokedAt === null ? 'open' : `revoked ${c.revokedAt}`;
    console.log(`${c.name}\t${state}\t${c.deliveries} deliveries\t${megabytes(c.bytes)}\tkeeps ${keep || 'everything'}`);
  }
}

export async function auditCommand(args: string[]): Promise<void> {
  const { values } = parseCommandLine(relayAuditDefinition, args);
  for (const entry of await withPool(storeUrl(values), channelAudit)) {
    console.log(`${entry.at}\t${entry.actor}\t${entry.action}\t${entry.channel}`);
  }
}

export async function relayCommand(args: string[]): Promise<void> {
  const { values } = parseCommandLine(relayDefinition, args);
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
  console.log('Receiving on /c/<channel>/…; laptops pull from /relay/v1/ with their channel token; GET /healthz answers a health check.');
}
