import { defineCommand, storeOptions, storeSynopsis } from '@webhook-inspector/command-line';
import { defaultMaxStreamsPerToken, defaultUnroutedBudgetBytes } from './relay-defaults';

/** The variable the relay's database URL may come from: a relay's database is never the inspector's. */
export const relayStoreVariable = 'WEBHOOK_INSPECTOR_RELAY_STORE';
/** The relay's database options (`relay`, `relay channel`, `relay audit`): a relay cannot run without it. */
const relayStoreUrlOptions = storeOptions(relayStoreVariable, "The relay's database", 'none: the relay needs one');

/** The variable the app reads a relay's pull token from (`serve --relay`): a flag would show it in the process list. */
export const relayTokenVariable = 'WEBHOOK_INSPECTOR_RELAY_TOKEN';

/** The relay's certificate, for the printed serve command to pin it when it is self-signed. */
const relayCertificate = {
  type: 'string',
  value: 'FILE',
  help: "The relay's HTTPS certificate (PEM), as the relay was given it: when it is self-signed, its SHA-256 is printed and the serve command pins it.",
  default: "read from an https --public-url (one TLS handshake, no request)",
  example: '/etc/relay/fullchain.pem',
} as const;

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

export const channelCreateDefinition = defineCommand({
  name: 'relay channel create',
  synopsis: [`NAME ${storeSynopsis} [--keep-days N] [--keep-size SIZE] [--public-url URL] [--cert FILE]`],
  summary: "Create a channel and print its callback URL and its pull token, once (only its hash is stored).",
  description: [
    `It prints the command that connects the app, the token given in ${relayTokenVariable} (a flag would show it in the process list) and, for a relay whose certificate is self-signed, its SHA-256 fingerprint for the app to pin.`,
  ],
  positionals: [channelName],
  options: {
    ...relayStoreUrlOptions,
    'keep-days': { type: 'string', value: 'N', help: "Keep the channel's deliveries this many days.", default: 'no age limit', example: '7' },
    'keep-size': { type: 'string', value: 'SIZE', help: 'Keep at most this much of the channel, oldest removed first.', default: 'no size limit', example: '500MB' },
    'public-url': publicUrl,
    cert: relayCertificate,
  },
});

export const channelRotateDefinition = defineCommand({
  name: 'relay channel rotate',
  synopsis: [`NAME ${storeSynopsis} [--public-url URL] [--cert FILE]`],
  summary: "Give a channel a new pull token: the old one opens nothing any more and its streams are closed.",
  description: [
    'A laptop still pulling with the old token is answered that it was rotated (401, reason token_rotated), and says so. The new token is printed as create prints it.',
  ],
  positionals: [channelName],
  options: { ...relayStoreUrlOptions, 'public-url': publicUrl, cert: relayCertificate },
});

export const channelRevokeDefinition = defineCommand({
  name: 'relay channel revoke',
  synopsis: [`NAME ${storeSynopsis}`],
  summary: 'Revoke a channel: its token opens nothing, its streams are closed, and its senders are answered 410.',
  positionals: [channelName],
  options: relayStoreUrlOptions,
});

export const channelListDefinition = defineCommand({
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
