import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LosslessNumber } from 'lossless-json';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DeliveryComparison } from '../../src/shared/compare';
import { signedDelivery } from '../fixtures/payloads';
import { builtCli } from '../support/cli-process';
import { startTestCore, tempDataDir, type TestCore } from '../support/core-fixture';
import { giftCardBody, testSecret } from '../support/deliveries';
import { describeEachEngine, storeLocation } from '../support/engines';
import { post } from '../support/https-client';

const execFileAsync = promisify(execFile);

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Two stored deliveries compared through every door: the control call, `webhook-inspector diff` from the built CLI
 * (text and --json) and the MCP tool over stdio, on a data dir's SQLite store and on a team's PostgreSQL store.
 */
describeEachEngine('comparing two stored deliveries', (engine) => {
  let t: TestCore;
  let dataDir: string;
  let store: string | undefined;
  const ids = {} as Record<'first' | 'retry' | 'amountChanged' | 'forged' | 'notUtf8', number>;
  const recipient = randomUUID();
  const sentAt = String(Math.floor(Date.now() / 1000));

  /** Posts the bytes with the service's headers (this X-Service-Delivery), signed or with a made-up signature. */
  async function send(body: Buffer, deliveryId: string, forged = false): Promise<number> {
    const { headers } = signedDelivery(body, forged ? 'not-the-secret' : testSecret, { deliveryId, timestamp: sentAt, event: 'payout.processing' });
    const answer = await post(`${t.receiverUrl}/webhooks`, body, headers);
    expect(answer.status).toBe(200);
    return Number(answer.headers['x-inspector-delivery-id']);
  }

  /** The built CLI on this store: the data dir, and the database in WEBHOOK_INSPECTOR_STORE for PostgreSQL. */
  async function cli(args: string[]): Promise<CliRun> {
    const { WEBHOOK_INSPECTOR_STORE: _inherited, ...environment } = process.env;
    const env = store === undefined ? environment : { ...environment, WEBHOOK_INSPECTOR_STORE: store };
    try {
      const { stdout, stderr } = await execFileAsync(process.execPath, [builtCli, ...args, '--data-dir', dataDir], { env, maxBuffer: 64 * 1024 * 1024 });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  beforeAll(async () => {
    dataDir = tempDataDir();
    store = await storeLocation(engine);
    t = await startTestCore({ dataDir, secret: testSecret, store });
    const body = giftCardBody({ recipient_uuid: recipient, amount: new LosslessNumber('25.10') });
    ids.first = await send(body, randomUUID());
    ids.retry = await send(body, randomUUID());
    ids.amountChanged = await send(giftCardBody({ recipient_uuid: recipient, amount: new LosslessNumber('25.1') }), randomUUID());
    ids.forged = await send(body, randomUUID(), true);
    ids.notUtf8 = await send(Buffer.concat([body.subarray(0, 20), Buffer.from([0xff, 0xfe]), body.subarray(20)]), randomUUID());
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('deliveries.compare: two copies of a retry differ in their headers only', async () => {
    const comparison = await t.call('deliveries.compare', { left: ids.first, right: ids.retry });
    expect(comparison).toMatchObject({ equal: false, body: { identical: true, json: null, text: null, bytes: null }, signature: { sameVerdict: true } });
    const changed = comparison.headers.rows.filter((row) => row.kind !== 'same');
    expect(changed.map((row) => [row.kind, row.right?.name])).toEqual([['changed', 'X-Service-Delivery']]);
    expect(comparison.summary[0]).toMatch(/^The bodies are byte-identical \(\d+ bytes\); only the headers differ: 1 value changed \(X-Service-Delivery\)/);
    expect(await t.call('deliveries.compare', { left: ids.first, right: ids.first })).toMatchObject({ equal: true });
  });

  it('deliveries.compare: an amount written 25.10 and 25.1 is a changed path, the same number written differently', async () => {
    const comparison = await t.call('deliveries.compare', { left: ids.first, right: ids.amountChanged });
    expect(comparison.equal).toBe(false);
    expect(comparison.body.json?.changes).toEqual([expect.objectContaining({ kind: 'changed', path: '$.amount', left: '25.10', right: '25.1', sameNumber: true })]);
    expect(comparison.body.bytes?.firstDifference).toBeGreaterThan(0);
  });

  it('deliveries.compare: verdicts and findings side by side; a personal inspector (its admin) sees the expected digest whole', async () => {
    const comparison = await t.call('deliveries.compare', { left: ids.first, right: ids.forged });
    expect(comparison.signature).toEqual({ sameVerdict: false, left: 'valid', right: 'invalid' });
    expect(comparison.right.signatureCheck.expected).toMatch(/^[0-9a-f]{64}$/);
    expect(comparison.findings.onlyRight.map((finding) => finding.code)).toContain('signature.invalid');
    const bytes = await t.call('deliveries.compare', { left: ids.first, right: ids.notUtf8 });
    expect(bytes.right.body).toMatchObject({ kind: 'invalid_utf8', firstInvalidByte: 20 });
    expect(bytes.body).toMatchObject({ json: null, text: null, bytes: { firstDifference: 20 } });
  });

  it('deliveries.compare: a delivery that is not stored is a 404', async () => {
    await expect(t.call('deliveries.compare', { left: ids.first, right: 999_999 })).rejects.toThrow(/deliveries\.compare: 404 .*no delivery 999999/);
  });

  it('webhook-inspector diff prints the same comparison as text and as JSON, digests cut, exiting 1 when they differ', async () => {
    const text = await cli(['diff', String(ids.first), String(ids.forged)]);
    expect(text.stderr).toBe('');
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(new RegExp(`^--- delivery ${ids.first} \\(payout\\.processing, gift_cards, received .*\\)\\n\\+\\+\\+ delivery ${ids.forged} `));
    expect(text.stdout).toContain('@@ headers @@\n');
    expect(text.stdout).toContain('\n X-Service-Event: payout.processing\n');
    expect(text.stdout).toMatch(/@@ signature @@\n-valid: .*\n\+invalid: .*expected [0-9a-f]{8}…, its first digits only\)\.\n/);
    // The left's expected digest is whole because it matched what was received; the forged one's is cut.
    expect(text.stdout.split('\n').find((line) => line.startsWith('+invalid'))).not.toMatch(/expected [0-9a-f]{9}/);

    const json = await cli(['diff', String(ids.first), String(ids.amountChanged), '--json']);
    expect(json.code).toBe(1);
    const fromCli = JSON.parse(json.stdout) as DeliveryComparison;
    expect(fromCli).toEqual(await t.call('deliveries.compare', { left: ids.first, right: ids.amountChanged }));

    const same = await cli(['diff', String(ids.retry), String(ids.retry)]);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('# Nothing differs');

    const missing = await cli(['diff', String(ids.first), '999999']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no delivery 999999/);
  }, 60_000);

  it('the MCP tool compare_deliveries gives the same comparison and its text, marked untrusted', async () => {
    const { WEBHOOK_INSPECTOR_STORE: _inherited, ...environment } = process.env;
    const env = Object.fromEntries(Object.entries(store === undefined ? environment : { ...environment, WEBHOOK_INSPECTOR_STORE: store }).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const transport = new StdioClientTransport({ command: process.execPath, args: [builtCli, 'mcp', '--data-dir', dataDir], env, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'webhook-inspector-test', version: '1.0.0' });
    await client.connect(transport).catch((error: unknown) => {
      throw new Error(`mcp did not start: ${String(error)}; ${stderr}`);
    });
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('compare_deliveries');
      const result = await client.callTool({ name: 'compare_deliveries', arguments: { left_id: ids.first, right_id: ids.forged } });
      expect(result.isError).toBeFalsy();
      const answer = JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as { untrusted: string; data: DeliveryComparison & { text: string } };
      expect(answer.untrusted).toMatch(/^UNTRUSTED DATA/);
      expect(answer.data).toMatchObject({ equal: false, signature: { left: 'valid', right: 'invalid' } });
      expect(answer.data.right.signatureCheck).toMatchObject({ expected: expect.stringMatching(/^[0-9a-f]{8}$/), expectedIsPrefix: true });
      expect(answer.data.text).toContain(`+++ delivery ${ids.forged} `);
      const missing = await client.callTool({ name: 'compare_deliveries', arguments: { left_id: ids.first, right_id: 999_999 } });
      expect(missing).toMatchObject({ isError: true, content: [{ text: 'No delivery 999999 is stored.' }] });
    } finally {
      await client.close();
    }
  }, 60_000);
});
