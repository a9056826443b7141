import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '@webhook-inspector/service-signature';
import { builtCli } from '../support/cli-process';
import { startTestCore, type TestCore } from '../support/core-fixture';

/**
 * With no secret set, the inspector verifies and signs with its embedded simulator's own secret; an MCP server on the
 * same data dir finds that secret there, so an agent can verify the demo traffic without the user copying it anywhere.
 */
describe("webhook-inspector mcp on a data dir whose embedded simulator's secret is in force", () => {
  let core: TestCore;
  beforeAll(async () => {
    core = await startTestCore({ simulator: {} });
  });
  afterAll(async () => {
    await core.stop();
  });

  it('verifies with the simulator’s secret from the data dir, and names which secret it took', async () => {
    const state = await core.call('simulator.state', {});
    if (!state.running) throw new Error('the embedded simulator is not running');
    const simulatorSecret = state.credentials!.signingSecret!;
    const transport = new StdioClientTransport({ command: process.execPath, args: [builtCli, 'mcp', '--data-dir', core.dataDir], stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'webhook-inspector-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const body = '{"event":"payout.processing"}';
      const result = await client.callTool({ name: 'verify_signature', arguments: { body_text: body, signature: signBody(Buffer.from(body), simulatorSecret) } });
      const [first] = result.content as Array<{ text: string }>;
      expect(result.isError, first!.text).toBeFalsy();
      expect(JSON.parse(first!.text)).toMatchObject({ verdict: 'valid' });
      expect(stderr).toContain("the embedded simulator's, from the data dir");
      expect(stderr).not.toContain(simulatorSecret);
    } finally {
      await client.close();
    }
  });
});
