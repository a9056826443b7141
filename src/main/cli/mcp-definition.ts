import { defineCommand } from '@webhook-inspector/command-line';
import { signingSecretOptions } from './signing-secret-options';
import { storeUrlOptions } from './store-url';

export const mcpDefinition = defineCommand({
  name: 'mcp',
  synopsis: ['[--data-dir DIR | --store URL] [--allow-send [--allow-target PATTERN]…] [--secret S | --secret-file FILE]'],
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
    'allow-send': {
      type: 'boolean',
      help: "Let the agent replay deliveries and run the handler check, to loopback only (your handler on localhost) unless --allow-target allows more; on a team's store (PostgreSQL) the team's saved egress rules apply too, and each send is recorded as mcp (<your OS user>) in its replays and audit log. Off: read-only.",
    },
    'allow-target': {
      type: 'string',
      value: 'PATTERN',
      multiple: true,
      help: "A target beyond loopback the agent may send to: a network, an address, a host or *.domain, each optionally with :port and after http:// or https://. On a team's store the team's egress rules still refuse a private, link-local or loopback address that no admin allowed in Settings → Egress.",
      default: 'loopback only',
      example: 'https://hooks.staging.example.com',
    },
    ...signingSecretOptions('The signing secret, to verify, re-sign and check.', 'the secret the data dir keeps in its file'),
  },
});
