import { defineCommand } from '@webhook-inspector/command-line';
import { signingSecretOptions, signingSecretVariable } from './signing-secret-options';

export const triggerDefinition = defineCommand({
  name: 'trigger',
  synopsis: ['EVENT --to URL (--secret S | --secret-file FILE) [--form FORM] [--insecure | --fingerprint SHA256] [--timeout SECONDS] [--json]', '--list [--json]'],
  summary: 'Send your handler one signed delivery of an event, as the service would, and say what the service would do with its answer.',
  description: [
    "The body is one the simulator's scenarios write (spec 2.2-2.4), fresh each time (new identifiers, times from now), signed over its exact bytes with the secret (spec 5) and sent with the service's headers (X-Service-Event, X-Service-Delivery, X-Service-Timestamp, X-Service-Signature), its timeouts (connect 5 s, read 10 s), no redirect followed.",
    'It prints the status, the time the answer took and what the service would do (spec 7): a 2xx is done (exit 0); a 5xx, a 3xx, a timeout or no connection is retried, a 4xx abandoned (exit 1 for both). --list names every event it sends with its form; an event the service sends in two forms (payout.processing, payout.failed) needs --form.',
  ],
  positionals: [
    {
      name: 'EVENT',
      help: 'The event, as --list names it: payout.quote_created, payout.terminal_state, payout.processing… or recipient.reminder_sent, an event the spec does not name (a handler ignores it and answers 2xx, spec 9).',
    },
  ],
  options: {
    to: { type: 'string', value: 'URL', help: 'Your handler: the http:// or https:// URL the service would call (required).', example: 'http://127.0.0.1:3000/webhooks' },
    ...signingSecretOptions('The signing secret your handler verifies with (required): the delivery is signed with it.', signingSecretVariable),
    form: {
      type: 'string',
      value: 'FORM',
      help: 'The body form of an event sent in more than one: crypto_form_a, crypto_form_b or gift_cards.',
      default: "the event's only form",
      example: 'gift_cards',
    },
    insecure: { type: 'boolean', help: "Accept the handler's certificate although it is self-signed or not trusted by this machine (https)." },
    fingerprint: {
      type: 'string',
      value: 'SHA256',
      help: "Accept the handler's certificate only when its SHA-256 fingerprint is this one: a self-signed handler, pinned (https).",
      example: '3A:7F:…:C2',
    },
    timeout: { type: 'string', value: 'SECONDS', help: "How long the answer may take: the service's read timeout.", default: '10', example: '10' },
    json: { type: 'boolean', help: 'Print one JSON object (the answer; with --list, the events) in place of the text.' },
    list: { type: 'boolean', help: 'Name the events it sends, each with its form, and exit.' },
  },
});
