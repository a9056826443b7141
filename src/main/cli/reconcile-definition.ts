import { defineCommand } from '@webhook-inspector/command-line';
import { storeUrlOptions } from './store-url';

export const reconcileDefinition = defineCommand({
  name: 'reconcile',
  synopsis: ['[--json] [--since T] [--api URL] [--time-scale X] [--read-timeout MS] [--data-dir DIR] [--store URL]'],
  summary: "Join every payout the service's API lists against the lifecycles of the stored deliveries: which agree, which are behind, contradict, were never heard or are unknown to the API, and why.",
  description: [
    "It reads every page of /api/payout-orders and /api/payouts (20 a page, within the client's limit of 5 requests a second, its progress on stderr), joins them with the lifecycles of the deliveries the receiver accepted (answered 2xx, signature not invalid) by the identifiers both sides carry, and gives each payout one class: agrees, behind (the events that should have come), contradicts, never heard, or unknown to the API (with the signature verdicts). Behind and never heard say whether the service still retries (spec 8: about 90 minutes) or gave up (re-send from its dashboard), and the reasons the inspector's records support: the receiver's 4xx, 5xx or 3xx and the rule that answered it, an answer later than the service waits (10 s), a stretch when no receiver ran or the relay source could not reach its relay, a rejected signature, or no attempt at all. See docs/reconcile.md.",
    'The run is kept in the store, and says what changed since the last one. It exits 1 when a payout is behind, contradicts or was never heard (for CI), 0 when everything agrees or is only unknown to the API, and 2 when the run could not be made (the API or the store could not be read, or a wrong option). --json prints one JSON object: the run (docs/formats/reconcile-json.md).',
  ],
  options: {
    json: { type: 'boolean', help: 'Print the run as one JSON object (docs/formats/reconcile-json.md) instead of text.' },
    since: {
      type: 'string',
      value: 'T',
      help: 'Only payouts the API changed at or after T (their updated_at, else created_at) and webhooks first stored since; every page is still read.',
      example: '2026-03-01T00:00:00Z',
    },
    api: {
      type: 'string',
      value: 'URL',
      help: "The service API's base URL; its token from WEBHOOK_INSPECTOR_API_TOKEN, else the data dir's (the simulator's own, when it is the simulator an inspector on this data dir runs).",
      default: "the service saved in Settings, or the embedded simulator of the inspector running on the data dir",
      example: 'http://127.0.0.1:8090',
    },
    'time-scale': {
      type: 'string',
      value: 'X',
      help: "The simulator's --time-scale, when it is a simulator that sends: its retry window is 90 minutes over X.",
      default: "the embedded simulator's, else 1 (the service's own 90 minutes)",
      example: '600',
    },
    'read-timeout': {
      type: 'string',
      value: 'MS',
      help: "The sender's read timeout, when it is a simulator started with another (its readTimeoutMs): an answer later than it was a failure, whatever its status.",
      default: "10000 (spec 8: the service waits 10 s for an answer)",
      example: '1000',
    },
    'data-dir': {
      type: 'string',
      value: 'DIR',
      help: 'The data dir whose store holds the deliveries and runs.',
      default: "the desktop app's user-data dir (~/.config/webhook-inspector on Linux)",
      example: './inspector-data',
    },
    ...storeUrlOptions,
  },
});
