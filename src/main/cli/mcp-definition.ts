import { defineCommand } from '@webhook-inspector/command-line';
import { signingSecretOptions } from './signing-secret-options';
import { storeUrlOptions } from './store-url';

export const mcpDefinition = defineCommand({
  name: 'mcp',
  synopsis: ['[--data-dir DIR | --store URL] [--allow-send] [--secret S | --secret-file FILE]'],
  summary: 'Serve the inspector to a coding agent over the Model Context Protocol (stdio): read deliveries and lifecycles, wait for the next one, and, with --allow-send, replay and check a handler.',
  options: {
    'data-dir': {
      type: 'string',
      value: 'DIR',
      help: "The data dir whose store is served; a running app's too (this reads beside its writer).",
      default: "the desktop app's user-data dir (~/.config/webhook-inspector on Linux)",
      example: './inspector-data',
    },
    ...storeUrlOptions,
    'allow-send': { type: 'boolean', help: 'Let the agent replay deliveries and run the handler check (under the same egress rules as the app). Off: read-only.' },
    ...signingSecretOptions('The signing secret, to verify, re-sign and check.', 'the secret the data dir keeps in its file'),
  },
});
