import { createHmac, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCli } from '../support/cli-process';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { post } from '../support/https-client';
import { startTarget, type ReplayTarget } from '../support/replay-target';
import { until } from '../support/until';

/**
 * Issue 39, finding 1, for agents: no MCP client obtains HMAC(signing secret, body) for a body anyone chose (posted to
 * the receiver), through any tool's answer, even with --allow-send and the secret given.
 */

const secret = `whsec_agent_${randomUUID()}`;
const hmacHex = (body: Buffer) => createHmac('sha256', secret).update(body).digest('hex');

/** The digest whole, or any 16 hex digits of it in a row. */
function leaksOf(text: string, digests: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return digests.filter((digest) => Array.from({ length: digest.length - 15 }, (_, i) => digest.slice(i, i + 16)).some((w) => lower.includes(w)));
}

interface Known {
  attackerIds: number[];
  lifecycleKey: string;
  orderUuid: string;
  bodies: Buffer[];
  handlerUrl: string;
}

/** Every tool the server lists, with inputs aimed at the attacker's deliveries; checked against the list at run time. */
const toolInputs: Record<string, (k: Known) => Array<Record<string, unknown>>> = {
  list_deliveries: () => [{}, { signature: 'invalid' }, { signature: 'missing' }],
  get_delivery: (k) => k.attackerIds.map((id) => ({ id })),
  wait_for_delivery: (k) => k.attackerIds.map((id) => ({ after_id: id - 1, timeout_seconds: 5 })),
  list_lifecycles: () => [{}],
  get_lifecycle: (k) => [{ key: k.lifecycleKey }],
  list_orders: () => [{}],
  get_order: (k) => [{ order_uuid: k.orderUuid }],
  verify_signature: (k) => k.bodies.map((body) => ({ body_base64: body.toString('base64'), signature: `sha256=${'0'.repeat(64)}` })),
  replay_delivery: (k) => k.attackerIds.flatMap((id) => [{ id, url: k.handlerUrl, resign: true }, { id, url: k.handlerUrl }]),
  run_handler_check: (k) => [{ url: k.handlerUrl, only: ['rejects-forgeries'], deliveries: k.attackerIds }],
  compare_deliveries: (k) => [{ left_id: k.attackerIds[0], right_id: k.attackerIds[1] }, { left_id: k.attackerIds[1], right_id: k.attackerIds[0] }],
  // No service is configured here: the newest kept run (none) is what it can answer.
  reconcile_payouts: () => [{}],
};

describe('webhook-inspector mcp: no signature oracle', () => {
  let core: TestCore;
  let handler: ReplayTarget;
  let client: Client;
  const bodies = [giftCardBody({ recipient_name: `attacker ${randomUUID()}` }), giftCardBody({ recipient_name: `attacker ${randomUUID()}` })];
  const digests = bodies.map(hmacHex);
  let attackerIds: number[];

  beforeAll(async () => {
    core = await startTestCore({ secret });
    handler = await startTarget();
    const [withMadeUp, unsigned] = bodies as [Buffer, Buffer];
    await post(`${core.receiverUrl}/webhooks`, withMadeUp, { ...serviceHeaders(withMadeUp, null), 'X-Service-Signature': `sha256=${'0'.repeat(64)}` });
    await post(`${core.receiverUrl}/webhooks`, unsigned, serviceHeaders(unsigned, null));
    const { items } = await until(() => core.call('deliveries.list', {}), (page) => page.items.length === 2);
    attackerIds = items.map((d) => d.id).sort((a, b) => a - b);
    const secretFile = join(core.dataDir, 'agent-secret.txt');
    writeFileSync(secretFile, secret);
    const transport = new StdioClientTransport({ command: process.execPath, args: [builtCli, 'mcp', '--data-dir', core.dataDir, '--allow-send', '--secret-file', secretFile], stderr: 'pipe' });
    client = new Client({ name: 'webhook-inspector-oracle-test', version: '1.0.0' });
    await client.connect(transport);
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await handler?.close();
    await core?.stop();
  });

  it('answers no tool call with HMAC(secret, chosen body): every tool, each with inputs aimed at the chosen bodies', async () => {
    const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
    expect(Object.keys(toolInputs).sort()).toEqual(tools);
    const detail = await core.call('deliveries.get', { id: attackerIds[0]! });
    const known: Known = { attackerIds, lifecycleKey: detail.lifecycleKey ?? 'none', orderUuid: detail.orderUuid ?? 'none', bodies, handlerUrl: `${handler.url}/hook` };
    const answers: string[] = [];
    for (const name of tools) {
      for (const args of toolInputs[name]!(known)) {
        const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
        answers.push(`${name} ${JSON.stringify(result)}`);
      }
    }
    expect(leaksOf(answers.join('\n'), digests)).toEqual([]);
    // The sends went out (--allow-send is the owner's grant to send signed; the answers carry no signature).
    expect(handler.requests.some((r) => r.body.equals(bodies[0]!))).toBe(true);
  }, 240_000);

  it('shows the expected digest cut to its first 8 hex digits unless it matches the header', async () => {
    for (const [index, id] of attackerIds.entries()) {
      const result = await client.callTool({ name: 'get_delivery', arguments: { id } });
      const { data } = JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as { data: { signatureCheck: Record<string, unknown> } };
      expect(data.signatureCheck).toMatchObject({ expected: digests[index]!.slice(0, 8), expectedIsPrefix: true });
    }
  });
});
