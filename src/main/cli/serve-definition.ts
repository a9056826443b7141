import { defineCommand } from '@webhook-inspector/command-line';
import { storeUrlOptions } from './store-url';

export const serveDefinition = defineCommand({
  name: 'serve',
  synopsis: [
    '[--data-dir DIR] [--port N] [--http-port N] [--ui-port N] [--host ADDR] [--secret S | --secret-file FILE] [--no-simulator] [--keep-days N] [--keep-size SIZE]',
    '[--relay URL --relay-token T [--relay-fingerprint SHA256]] …',
    '--store URL | --store-file FILE [--team [--ui-host ADDR] [--allowed-origin URL]… [--allow-target PATTERN]…] …',
  ],
  summary: 'Run the core headless (receiver, store, simulator) and serve the UI to a browser.',
  description: [
    'It prints the receiver URLs, the certificate fingerprint, the signing secret in force (by its fingerprint) and, last, the UI URL with its per-start token. Port 0 picks a free port, and the printed URLs are the real ones. SIGINT and SIGTERM close it cleanly.',
    'A secret given with --secret is kept in memory for that run only; one set in Settings is kept in a 0600 file in the data dir (the desktop app encrypts it with the OS keychain instead, and says when the OS offers none). The same holds for --relay and a relay source set in Settings.',
  ],
  options: {
    'data-dir': {
      type: 'string',
      value: 'DIR',
      help: 'Where the store, the certificate and the settings are kept; shared with the desktop app by default.',
      default: "the desktop app's user-data dir (~/.config/webhook-inspector on Linux, ~/Library/Application Support/webhook-inspector on macOS, %APPDATA%\\webhook-inspector on Windows)",
      example: './inspector-data',
    },
    ...storeUrlOptions,
    port: { type: 'string', value: 'N', help: 'The HTTPS receiver port; 0 picks a free one.', default: '8443, or the port last set in Settings', example: '9443' },
    'http-port': { type: 'string', value: 'N', help: 'Also receive over plain HTTP on this port.', default: 'no plain-HTTP receiver', example: '8080' },
    'ui-port': { type: 'string', value: 'N', help: "The UI's (control server's) port.", default: 'a free port', example: '4000' },
    host: { type: 'string', value: 'ADDR', help: 'The address the receiver binds.', default: '127.0.0.1', example: '0.0.0.0' },
    team: { type: 'boolean', help: "Serve the UI to a team, each user with their own token (serve user create); needs --store." },
    'ui-host': { type: 'string', value: 'ADDR', help: "The address a team server's UI binds (--team).", default: '127.0.0.1', example: '0.0.0.0' },
    'allowed-origin': {
      type: 'string',
      value: 'URL',
      multiple: true,
      help: "A public origin the team's browsers open the UI at, e.g. behind a proxy (--team).",
      default: 'the UI address only',
      example: 'https://inspector.example.com',
    },
    'allow-target': {
      type: 'string',
      value: 'PATTERN',
      multiple: true,
      help: 'A target a team server may reach although its address is loopback, private or link-local: a network, an address, a host or *.domain, each optionally with :port and after http:// or https://.',
      default: 'only public addresses',
      example: '10.0.0.0/8',
    },
    secret: { type: 'string', value: 'S', help: 'The signing secret, for this run only (in memory).', default: 'the one set in Settings, else none', example: 'whsec_…' },
    'secret-file': { type: 'string', value: 'FILE', help: 'A file holding the signing secret, in place of --secret.', example: 'signing-secret.txt' },
    'no-simulator': { type: 'boolean', help: 'Do not run the embedded simulator of the payout service.' },
    relay: { type: 'string', value: 'URL', help: 'Pull the deliveries a relay received for your channel.', default: 'the relay source set in Settings, if any', example: 'https://relay.example.com' },
    'relay-token': {
      type: 'string',
      value: 'T',
      help: "The channel's pull token (relay channel create prints it); WEBHOOK_INSPECTOR_RELAY_TOKEN keeps it out of the process list.",
      default: 'WEBHOOK_INSPECTOR_RELAY_TOKEN',
      example: 'wir_…',
    },
    'relay-fingerprint': {
      type: 'string',
      value: 'SHA256',
      help: "The SHA-256 fingerprint of a self-signed relay's certificate, to trust it.",
      default: 'the relay must have a trusted certificate',
      example: '3A:7F:…:C2',
    },
    'keep-days': { type: 'string', value: 'N', help: 'Keep deliveries this many days, for this run (in place of the retention saved in Settings).', default: 'as saved in Settings', example: '30' },
    'keep-size': { type: 'string', value: 'SIZE', help: 'Keep at most this much, oldest removed first, for this run.', default: 'as saved in Settings', example: '2GiB' },
  },
});
