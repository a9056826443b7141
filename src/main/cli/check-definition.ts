import { defaultLargeBodyBytes } from '../core/handler-check/large-body';
import { defineCommand } from '@webhook-inspector/command-line';
import { signingSecretOptions } from './signing-secret-options';
import { storeUrlOptions } from './store-url';

export const checkDefinition = defineCommand({
  name: 'check',
  synopsis: [
    'URL (--secret S | --secret-file FILE) [--only CASES] [--timeout SECONDS] [--large-body KIB] [--insecure] [--junit FILE] [--json FILE] [--deliveries IDS [--data-dir DIR | --store URL | --store-file FILE]]',
  ],
  description: [
    'Each case is printed once, in a table on standard output: security failures first, then failures, each with what to change in the handler; a mistake that several failures come from (the signature checked over re-serialised JSON…) is named once, as a root cause each of them points at. On a terminal, standard error shows how far the run is on one line.',
    'It exits 0 when every case passed, 1 on any failure, and 2 when the handler could not be reached at all (nothing listening, its host name not found, no connection within 5 s, its certificate refused): it stops at the first such case, with one message, and grades none.',
  ],
  summary: "Send your webhook handler the service's traffic, forgeries and awkward cases, and grade its answers against the spec.",
  positionals: [{ name: 'URL', help: 'Your handler: the URL the service would call (http or https).' }],
  options: {
    ...signingSecretOptions('The signing secret your handler verifies with (required): the cases are signed with it, the forgeries not.'),
    junit: { type: 'string', value: 'FILE', help: 'Also write the results as JUnit XML, for a CI system to show.', example: 'handler-check.xml' },
    json: { type: 'string', value: 'FILE', help: 'Also write the whole run as JSON: every request and answer.', example: 'handler-check.json' },
    only: { type: 'string', value: 'CASES', help: 'Run only these cases: ids or categories, comma-separated.', default: 'every case', example: 'rejects-forgeries,at-least-once/two-copies-at-once' },
    insecure: { type: 'boolean', help: 'Accept the handler\'s self-signed certificate (https).' },
    timeout: { type: 'string', value: 'SECONDS', help: "How long an answer may take: the service's read timeout.", default: '10', example: '10' },
    'large-body': { type: 'string', value: 'KIB', help: 'The size of the large-body case.', default: String(defaultLargeBodyBytes / 1024), example: '900' },
    deliveries: {
      type: 'string',
      value: 'IDS',
      help: "Also send these stored deliveries (the service's own), each signed again with the secret; they must be answered 2xx.",
      example: '12,15',
    },
    'data-dir': {
      type: 'string',
      value: 'DIR',
      help: 'The data dir whose store --deliveries reads.',
      default: "the desktop app's user-data dir (~/.config/webhook-inspector on Linux)",
      example: './inspector-data',
    },
    ...storeUrlOptions,
  },
});
