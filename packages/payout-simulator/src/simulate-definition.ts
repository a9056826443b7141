import { defineCommand } from '@webhook-inspector/command-line';
import { defaultSimulatorSeed, defaultTimeScale } from './simulator-defaults';

/**
 * The simulator as a program: one definition, run as `payout-simulator` (this package's bin) and as
 * `webhook-inspector simulate` (the app's command line).
 */
export const simulateDefinition = defineCommand({
  name: 'simulate',
  synopsis: ['[--port N] [--token T] [--seed S] [--time-scale X] [--json] [--allow-http] [--trust-fingerprint SHA256 | --insecure]'],
  summary: "Run the simulated payout service alone: its API, and each created order's webhooks sent to its callback_url.",
  description: [
    'It prints its API URL, the token when it generated one, and the seed; then one line per webhook attempt: when it started, the event, its webhook and order, the callback URL, attempt n of 8, and its status, or its error and the next try\'s time. A certificate it refuses is named with what is wrong with it (self-signed, another host name, expired…) and how to trust it. --json prints the same as one JSON object a line.',
    'GET /api/webhook-attempts on its API lists the same attempts (by order, recipient, event and status), for a test to wait on. SIGINT and SIGTERM close it; so does the end of its parent when npm runs it (npx, npm exec).',
  ],
  options: {
    port: { type: 'string', value: 'N', help: "The simulator API's port; 0 picks a free one.", default: 'a free port', example: '8090' },
    token: { type: 'string', value: 'T', help: 'The API token clients must present.', default: 'a random one, printed', example: 'sim_token_for_tests' },
    seed: { type: 'string', value: 'S', help: 'Fixes scenario details, duplicates and reordering (0..4294967295): the same seed, the same traffic.', default: String(defaultSimulatorSeed), example: '42' },
    'time-scale': {
      type: 'string',
      value: 'X',
      help: "Compresses the service's backoff and scenario pacing: 60 turns 90 minutes into 90 seconds; 1 is real time.",
      default: String(defaultTimeScale),
      example: '600',
    },
    json: { type: 'boolean', help: 'Print the start and each attempt as one JSON object a line (NDJSON), as GET /api/webhook-attempts lists them.' },
    'allow-http': { type: 'boolean', help: 'Accept plain http:// callback URLs (a handler on this machine or in CI); the service itself requires https://.' },
    'trust-fingerprint': {
      type: 'string',
      value: 'SHA256',
      help: "The SHA-256 fingerprint of a handler's self-signed certificate, to trust it (the line of a refused attempt prints it).",
      default: 'certificates this machine trusts (NODE_EXTRA_CA_CERTS adds authorities)',
      example: '3A:7F:…:C2',
    },
    insecure: { type: 'boolean', help: "Accept any handler's certificate, self-signed, expired or for another host name." },
  },
});
