import { defineCommand } from '@webhook-inspector/command-line';
import { signingSecretOptions, signingSecretVariable } from './signing-secret-options';

export const listenDefinition = defineCommand({
  name: 'listen',
  synopsis: [
    '[--forward-to URL [--insecure]] [--json] [--data-dir DIR] [--port N] [--http-port N] [--host ADDR] [--secret S | --secret-file FILE]',
    '--relay URL [--relay-fingerprint SHA256] [--forward-to URL] [--json] …',
  ],
  summary: 'Receive webhooks as serve does and print one line per delivery as it is stored; with --forward-to, also send each to your handler.',
  description: [
    "It starts the receiver (and the UI, whose URL it prints) on the same data dir and store as serve, without the simulator. What it prints on start (the receiver's URLs, the certificate's fingerprint, the signing secret in force, the UI) goes to standard error; standard output has one line per delivery, in the order stored: the time received, its number, method and path, event, form, signature verdict, new or a copy (of the first copy's number) and, when it was forwarded, the handler's status and the time it took.",
    "--forward-to sends every delivery received (or pulled from the relay), byte for byte with its own headers and signature, to that URL exactly as given, as the service would (connect 5 s, read 10 s, no redirect followed), for this run only: forwarding saved in Settings is neither used nor changed. What the receiver answers the sender does not wait for the handler. A target this receiver itself is refused.",
    '--json prints each line as one JSON object (NDJSON; its fields are in docs/cli.md). SIGINT (Ctrl-C) and SIGTERM close it cleanly, exit 0. A port already in use is named, with the flag to change it.',
  ],
  options: {
    'forward-to': {
      type: 'string',
      value: 'URL',
      help: "Also send each delivery to your handler at this http:// or https:// URL, and print the handler's answer on its line.",
      default: 'no forwarding',
      example: 'http://127.0.0.1:3000/webhooks',
    },
    insecure: { type: 'boolean', help: "Accept the --forward-to handler's certificate although it is self-signed or not trusted by this machine (https)." },
    json: { type: 'boolean', help: 'One JSON object per delivery (NDJSON) in place of the text lines.' },
    'data-dir': {
      type: 'string',
      value: 'DIR',
      help: 'Where the store, the certificate and the settings are kept; shared with the desktop app and serve by default.',
      default: "the desktop app's user-data dir (~/.config/webhook-inspector on Linux)",
      example: './inspector-data',
    },
    port: { type: 'string', value: 'N', help: 'The HTTPS receiver port; 0 picks a free one.', default: '8443, or the port last set in Settings', example: '9443' },
    'http-port': { type: 'string', value: 'N', help: 'Also receive over plain HTTP on this port.', default: 'no plain-HTTP receiver', example: '8080' },
    host: { type: 'string', value: 'ADDR', help: 'The address the receiver binds.', default: '127.0.0.1', example: '0.0.0.0' },
    ...signingSecretOptions('The signing secret the verdicts are checked with, for this run only (in memory).', `${signingSecretVariable}, else the one set in Settings, else none`),
    relay: { type: 'string', value: 'URL', help: "Also pull the deliveries a relay received for your channel; the channel's token is read from WEBHOOK_INSPECTOR_RELAY_TOKEN.", example: 'https://relay.example.com' },
    'relay-fingerprint': {
      type: 'string',
      value: 'SHA256',
      help: "The SHA-256 fingerprint of a self-signed relay's certificate, to trust it.",
      default: 'the relay must have a trusted certificate',
      example: '3A:7F:…:C2',
    },
  },
});
