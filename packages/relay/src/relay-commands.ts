import { readFileSync } from 'node:fs';
import pg from 'pg';
import {
  closeOnSignal,
  defineCommand,
  parseCommandLine,
  parseCount,
  parsePort,
  parseSize,
  requiredStoreUrl,
  storeOptions,
  storeSynopsis,
  type Command,
  type StoreUrlFlags,
} from '@webhook-inspector/command-line';
import { channelAudit, channelHoldings, createChannel, revokeChannel, rotateChannelToken } from './channels';
import { migrateRelaySchema } from './pg-schema';
import { defaultMaxStreamsPerToken, defaultUnroutedBudgetBytes, startRelay } from './start-relay';

/** The variable the relay's database URL may come from: a relay's database is never the inspector's. */
export const relayStoreVariable = 'WEBHOOK_INSPECTOR_RELAY_STORE';
/** The relay's database options (`relay`, `relay channel`, `relay audit`): a relay cannot run without it. */
const relayStoreUrlOptions = storeOptions(relayStoreVariable, "The relay's database", 'none: the relay needs one');

const channelName = { name: 'NAME', help: 'The channel: senders post to /c/NAME/…, and its laptop pulls with its token.' };
const publicUrl = {
  type: 'string',
  value: 'URL',
  help: "The relay's public address, to print the channel's callback URL and the serve command in full.",
  default: 'a placeholder, https://<your relay host>',
  example: 'https://relay.example.com',
} as const;

export const relayDefinition = defineCommand({
  name: 'relay',
  synopsis: [`${storeSynopsis} [--port N --cert FILE --key FILE] [--http-port N] [--host ADDR] [--trust-proxy ADDR,…] [--unrouted-budget SIZE] [--max-streams-per-token N]`],
  summary: "Run a public relay: it receives the real service's webhooks per channel, stores them in PostgreSQL, and laptops pull them.",
  description: [
    'Senders post to /c/<channel>/…; laptops pull from /relay/v1/ with their channel token; GET /healthz answers a health check (for load balancers). SIGINT and SIGTERM close it cleanly.',
  ],
  options: {
    ...relayStoreUrlOptions,
    port: { type: 'string', value: 'N', help: 'The HTTPS port (with --cert and --key).', default: '8443', example: '443' },
    cert: { type: 'string', value: 'FILE', help: "The HTTPS certificate (PEM), given with --key.", default: 'no HTTPS listener', example: '/etc/relay/fullchain.pem' },
    key: { type: 'string', value: 'FILE', help: "The certificate's private key (PEM).", example: '/etc/relay/privkey.pem' },
    'http-port': { type: 'string', value: 'N', help: 'A plain-HTTP port, e.g. behind a TLS-terminating proxy.', default: 'no plain-HTTP listener', example: '8080' },
    host: { type: 'string', value: 'ADDR', help: 'The address to bind.', default: '127.0.0.1', example: '0.0.0.0' },
    'trust-proxy': {
      type: 'string',
      value: 'ADDR,…',
      help: "Proxies whose X-Forwarded-For names the sender's address.",
      default: 'none: the peer address is the sender',
      example: '127.0.0.1,10.0.0.5',
    },
    'unrouted-budget': {
      type: 'string',
      value: 'SIZE',
      help: 'How much the deliveries to no open channel may hold, oldest dropped first.',
      default: `${defaultUnroutedBudgetBytes / 1e6} MB`,
      example: '200MB',
    },
    'max-streams-per-token': {
      type: 'string',
      value: 'N',
      help: 'How many pull streams one channel token may hold open at once.',
      default: String(defaultMaxStreamsPerToken),
      example: '4',
    },
  },
});

export const relayChannelDefinition = defineCommand({
  name: 'relay channel',
  synopsis: ['create|rotate|revoke|list …'],
  summary: "Manage a relay's channels in its database; each change is audited (relay audit).",
  options: {},
});

const createDefinition = defineCommand({
  name: 'relay channel create',
  synopsis: [`NAME ${storeSynopsis} [--keep-days N] [--keep-size SIZE] [--public-url URL]`],
  summary: "Create a channel and print its callback URL and its pull token, once (only its hash is stored).",
  positionals: [channelName],
  options: {
    ...relayStoreUrlOptions,
    'keep-days': { type: 'string', value: 'N', help: "Keep the channel's deliveries this many days.", default: 'no age limit', example: '7' },
    'keep-size': { type: 'string', value: 'SIZE', help: 'Keep at most this much of the channel, oldest removed first.', default: 'no size limit', example: '500MB' },
    'public-url': publicUrl,
  },
});

const rotateDefinition = defineCommand({
  name: 'relay channel rotate',
  synopsis: [`NAME ${storeSynopsis} [--public-url URL]`],
  summary: "Give a channel a new pull token: the old one opens nothing any more and its streams are closed.",
  positionals: [channelName],
  options: { ...relayStoreUrlOptions, 'public-url': publicUrl },
});

const revokeDefinition = defineCommand({
  name: 'relay channel revoke',
  synopsis: [`NAME ${storeSynopsis}`],
  summary: 'Revoke a channel: its token opens nothing, its streams are closed, and its senders are answered 410.',
  positionals: [channelName],
  options: relayStoreUrlOptions,
});

const listDefinition = defineCommand({
  name: 'relay channel list',
  synopsis: [storeSynopsis],
  summary: 'List the channels: open or revoked, deliveries held, size, and what each keeps.',
  options: relayStoreUrlOptions,
});

export const relayAuditDefinition = defineCommand({
  name: 'relay audit',
  synopsis: [storeSynopsis],
  summary: 'Print the audit log of channel changes: when, who, what, which channel.',
  options: relayStoreUrlOptions,
});

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

async function createCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(createDefinition, args);
  const name = positionals[0]!;
  const retention = {
    keepDays: values['keep-days'] === undefined ? null : parseCount(values['keep-days'], '--keep-days'),
    keepBytes: values['keep-size'] === undefined ? null : parseSize(values['keep-size'], '--keep-size'),
  };
  const { token } = await withPool(storeUrl(values), (pool) => createChannel(pool, name, retention));
  printToken(name, token, values['public-url']);
}

async function rotateCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(rotateDefinition, args);
  const name = positionals[0]!;
  const { token } = await withPool(storeUrl(values), (pool) => rotateChannelToken(pool, name));
  console.log(`The old pull token of ${name} opens nothing any more; its open streams are closed.`);
  printToken(name, token, values['public-url']);
}

async function revokeCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(revokeDefinition, args);
  const name = positionals[0]!;
  await withPool(storeUrl(values), (pool) => revokeChannel(pool, name));
  console.log(`Channel ${name} is revoked: its pull token opens nothing, its streams are closed, and senders to /c/${name}/ are answered 410 (kept as unrouted).`);
}

async function listCommand(args: string[]): Promise<void> {
  const { values } = parseCommandLine(listDefinition, args);
  const channels = await withPool(storeUrl(values), (pool) => channelHoldings(pool));
  for (const c of channels) {
    const keep = [c.keepDays === null ? null : `${c.keepDays} days`, c.keepBytes === null ? null : megabytes(c.keepBytes)]
      .filter(Boolean)
      .join(', ');
    const state = c.revokedAt === null ? 'open' : `revoked ${c.revokedAt}`;
    console.log(`${c.name}\t${state}\t${c.deliveries} deliveries\t${megabytes(c.bytes)}\tkeeps ${keep || 'everything'}`);
  }
}

async function auditCommand(args: string[]): Promise<void> {
  const { values } = parseCommandLine(relayAuditDefinition, args);
  for (const entry of await withPool(storeUrl(values), channelAudit)) {
    console.log(`${entry.at}\t${entry.actor}\t${entry.action}\t${entry.channel}`);
  }
}

async function relayCommand(args: string[]): Promise<void> {
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

/** `relay`, `relay channel create|rotate|revoke|list`, `relay audit`. */
export const relayCommands: Command = {
  definition: relayDefinition,
  run: relayCommand,
  subcommands: [
    {
      definition: relayChannelDefinition,
      subcommands: [
        { definition: createDefinition, run: createCommand },
        { definition: rotateDefinition, run: rotateCommand },
        { definition: revokeDefinition, run: revokeCommand },
        { definition: listDefinition, run: listCommand },
      ],
    },
    { definition: relayAuditDefinition, run: auditCommand },
  ],
};
