import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { AgentEgress } from '../core/outbound/agent-egress';
import { parseAllowRule } from '../core/outbound/allow-rule';
import { storedSimulatorSecret } from 'payout-simulator';
import { fileSecretStore, secretFingerprint } from '../core/signing-secret';
import { humanLogger } from '../core/logger';
import { openStore } from '../core/store';
import { agentActor, agentTeamAccess } from '../core/team/agent-access';
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
  const secret = agentSecret(values, location);
  const logger = humanLogger((line) => console.error(line));
  // An invalid rule stops the start with its reason, before the store is opened.
  const allowed = (values['allow-target'] ?? []).map(parseAllowRule);
  const store = await openStore(location, { role: 'command', log: logger });
  // A team's store (PostgreSQL): its saved egress rules apply, and each send is in its audit log.
  const team = location.url === undefined ? null : agentTeamAccess(location.url, logger);
  const egress = new AgentEgress({ allowed, teamRules: team && (() => team.savedEgressRules()) });
  const server = inspectorMcpServer(store, {
    secret: secret?.value ?? null,
    allowSend: values['allow-send'],
    egress,
    sentBy: agentActor(),
    audit: team?.audit ?? null,
    logger,
    dataDir: location.dataDir,
    version: '0.1.0',
  });
  const closing = { close: async () => { await server.close(); await team?.close(); await store.close(); } };
  closeOnSignal(closing);
  server.server.onclose = () => void closing.close().then(() => process.exit(0));
  await server.connect(new StdioServerTransport());
  console.error(`webhook-inspector mcp: serving on stdio, ${values['allow-send'] ? `sending allowed (--allow-send) ${sendsGo(allowed.map((rule) => rule.text), team !== null)}` : 'read-only'}`);
  console.error(`webhook-inspector mcp: signing secret ${secret ? `${secretFingerprint(secret.value)} (${secret.from})` : 'none known: give --secret-file'}`);
}

/**
 * The secret the agent verifies and signs with: given, or the data dir's own, or else the embedded simulator's as the
 * data dir keeps it (the inspector signs and verifies with it when no secret is set, so demo traffic verifies).
 */
function agentSecret(values: Parameters<typeof signingSecretFrom>[0], location: ReturnType<typeof storeLocationFrom>) {
  const given = signingSecretFrom(values);
  if (given) return { value: given, from: 'given' };
  const kept = fileSecretStore(location.dataDir, 'signing-secret').load();
  if (kept) return { value: kept, from: "the data dir's" };
  const simulator = location.url === undefined ? storedSimulatorSecret(location.dataDir) : null;
  return simulator ? { value: simulator, from: "the embedded simulator's, from the data dir" } : null;
}

/** Where this run's sends may go, as its start line says. */
function sendsGo(allowed: readonly string[], team: boolean): string {
  const where = allowed.length === 0 ? 'to loopback only' : `to loopback and ${allowed.join(', ')}`;
  return team ? `${where}, within the team's saved egress rules` : where;
}
