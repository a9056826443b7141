import { defineCommand } from '@webhook-inspector/command-line';
import { defaultSimulatorSeed, defaultTimeScale } from './simulator-defaults';

/**
 * The simulator as a program: one definition, run as `payout-simulator` (this package's bin) and as
 * `webhook-inspector simulate` (the app's command line).
 */
export const simulateDefinition = defineCommand({
  name: 'simulate',
  synopsis: ['[--port N] [--token T] [--seed S] [--time-scale X]'],
  summary: "Run the simulated payout service alone: its API, and each created order's webhooks sent to its callback_url.",
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
  },
});
