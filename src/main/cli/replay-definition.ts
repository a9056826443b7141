import { defineCommand } from '@webhook-inspector/command-line';
import { storeUrlOptions } from './store-url';

export const replayDefinition = defineCommand({
  name: 'replay',
  synopsis: [
    '--id N --to URL [--resign SECRET | --wrong-signature] [--new-delivery-id] [--new-timestamp] [--insecure] [--data-dir DIR] [--store URL]',
    "--id N --to URL --body-file FILE [--header 'NAME: VALUE']… [--resign SECRET | --keep-signature | --wrong-signature] …",
  ],
  summary: "Send one stored delivery to a URL as the service would, print the target's answer, and store the replay.",
  description: [
    'It exits 0 only when the target answers 2xx. No redirect is followed.',
    "To an https:// target whose certificate is self-signed or not trusted by this machine it sends nothing and says so, with the certificate's SHA-256 fingerprint to compare with the target's own; --insecure sends anyway.",
    "Edit, then replay: --body-file sends that file's exact bytes in place of the stored body, and --header sets or removes a header. With --body-file the body is signed again with the signing secret in force (the one the data dir keeps in its file) unless --resign gives another or --keep-signature leaves the signature as stored. The replay keeps the bytes and headers sent, marked edited beside its delivery.",
  ],
  options: {
    id: { type: 'string', value: 'N', help: 'The stored delivery to send (its arrival number, as in the list and the export).', example: '12' },
    to: { type: 'string', value: 'URL', help: 'The http:// or https:// URL to send it to.', example: 'http://127.0.0.1:3000/webhooks' },
    'body-file': {
      type: 'string',
      value: 'FILE',
      help: "Send this file's exact bytes as the body in place of the stored one (at most 1 MiB): edit a copy of the stored body (export --format fixtures writes each delivery's body to a .body file).",
      default: 'the stored body',
      example: 'edited.json',
    },
    header: {
      type: 'string',
      value: "'NAME: VALUE'",
      multiple: true,
      help: "Send this header: it replaces the stored one of that name, in its place, else is added last. 'NAME:' with nothing after removes it. Host and Content-Length are the sender's.",
      default: 'the stored headers',
      example: 'X-Test: 1',
    },
    resign: {
      type: 'string',
      value: 'SECRET',
      help: "Sign the body with this secret (your handler's) in place of the stored signature.",
      default: 'the signature as received; with --body-file, the signing secret in force',
      example: 'whsec_…',
    },
    'keep-signature': { type: 'boolean', help: 'With --body-file, send the signature as stored (or as --header sets it), although it no longer matches the bytes.' },
    'wrong-signature': { type: 'boolean', help: 'Send a signature that cannot be valid, to see your handler refuse it.' },
    'new-delivery-id': { type: 'boolean', help: 'A new X-Service-Delivery, as a fresh attempt would carry.' },
    'new-timestamp': { type: 'boolean', help: 'The current time in X-Service-Timestamp, as a fresh attempt would carry.' },
    insecure: { type: 'boolean', help: "Accept the target's certificate although it is self-signed or not trusted by this machine." },
    'data-dir': {
      type: 'string',
      value: 'DIR',
      help: 'The data dir whose store holds the delivery (and keeps the replay).',
      default: "the desktop app's user-data dir (~/.config/webhook-inspector on Linux)",
      example: './inspector-data',
    },
    ...storeUrlOptions,
  },
});
