import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { personalEgress } from '../core/outbound/egress-policy';
import { fileSecretStore } from '../core/signing-secret';
import { openStore } from '../core/store';
import { inspectorMcpServer } from '../mcp/mcp-server';
import { closeOnSignal, parseCommandLine } from '@webhook-inspector/command-line';
import { mcpDefinition } from './mcp-definition';
import { signingSecretFrom } from './signing-secret-options';
import { storeLocationFrom } from './store-output';

export { mcpDefinition };

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
