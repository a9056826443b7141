import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { personalEgress } from '../core/outbound/egress-policy';
import { fileSecretStore } from '../core/signing-secret';
import { openStore } from '../core/store';
import { inspectorMcpServer } from '../mcp/mcp-server';
import { closeOnSignal, defineCommand, parseCommandLine } from '@webhook-inspector/command-line';
import { signingSecretFrom, signingSecretOptions } from './signing-secret-options';
import { storeLocationFrom } from './store-output';
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

/** `mcp`: a stdio MCP server on the data dir's store (or a team's PostgreSQL); stdout is the protocol's alone. */
export async function mcpCommand(args: string[]): Promise<void> {
  const { values } = parseCommandLine(mcpDefinition, args);
  const location = storeLocationFrom(values);
  const secret = signingSecretFrom(values) ?? fileSecretStore(location.dataDir, 'signing-secret').load();
  const store = await openStore(location, { role: 'command', log: (line) => console.error(line) });
  const server = inspectorMcpServer(store, { secret: secret ?? null, allowSend: values['allow-send'], egress: personalEgress(), version: '0.1.0' });
  const closing = { close: async () => { await server.close(); await store.close(); } };
  closeOnSignal(closing);
  server.server.onclose = () => void closing.close().then(() => process.exit(0));
  await server.connect(new StdioServerTransport());
  console.error(`webhook-inspector mcp: serving on stdio, ${values['allow-send'] ? 'sending allowed (--allow-send)' : 'read-only'}`);
}
