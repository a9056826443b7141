import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'junit2json';
import { afterEach, describe, expect, it } from 'vitest';
import { builtCli } from '../support/cli-process';
import { startHandler, type HandlerUnderCheck } from '../support/handlers-under-check';
import { startTestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { post } from '../support/https-client';
import { tempDataDir } from '../support/temp-dir';

const run = promisify(execFile);
const secret = 'whsec_cli_check_0123456789abcdef';
let handler: HandlerUnderCheck | null = null;

afterEach(async () => {
  await handler?.close();
  handler = null;
});

async function check(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [builtCli, 'check', ...args], { maxBuffer: 16 * 2 ** 20 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('webhook-inspector check', () => {
  it('exits 0 on a correct handler, with the secret from a file, and never prints the secret', async () => {
    handler = await startHandler(secret, 'none');
    const dir = tempDataDir();
    writeFileSync(join(dir, 'secret.txt'), `${secret}\n`);
    const result = await check([handler.url, '--secret-file', join(dir, 'secret.txt'), '--large-body', '64']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\b\d+ passed, 0 failed, 0 security failures\. Answer time over real traffic: p50 \d+ ms, p99 \d+ ms/);
    expect(result.stdout + result.stderr).not.toContain(secret);
  });

  it('exits 1 on a handler that skips signatures, security failures first, and writes JUnit XML a JUnit parser reads', async () => {
    handler = await startHandler(secret, 'skips-signature');
    const dir = tempDataDir();
    const junitFile = join(dir, 'check.xml');
    const jsonFile = join(dir, 'check.json');
    const result = await check([handler.url, '--secret', secret, '--only', 'rejects-forgeries,acknowledges', '--junit', junitFile, '--json', jsonFile]);
    expect(result.code).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^SECURITY\s+rejects-forgeries\/wrong-secret\s+spec 5\.3, 5\.4\s+\d+ ms\s+answered 200: a forged delivery was accepted/);
    expect(lines.filter((line) => line.startsWith('SECURITY'))).toHaveLength(9);
    expect(result.stderr).toMatch(/\[1\/19\] SECURITY rejects-forgeries\/wrong-secret/);

    const junit = await parse(readFileSync(junitFile, 'utf8'));
    expect(junit).toMatchObject({ tests: 19, failures: 9 });
    const suites = (junit as { testsuite: Array<{ name: string; tests: number; failures: number; testcase: Array<{ name: string; failure?: Array<{ type: string }> }> }> }).testsuite;
    expect(suites.map((s) => [s.name, s.tests, s.failures])).toEqual([
      ['Rejects forgeries', 9, 9],
      ['Acknowledges real traffic', 10, 0],
    ]);
    expect(suites[0]!.testcase[0]!.failure![0]!.type).toBe('security-failure');

    const json = JSON.parse(readFileSync(jsonFile, 'utf8')) as { counts: Record<string, number>; results: Array<{ id: string; exchanges: Array<{ request: { headers: string[][]; body: string }; response: { status: number } }> }> };
    expect(json.counts).toEqual({ pass: 10, fail: 0, 'security-failure': 9 });
    const missing = json.results.find((r) => r.id === 'rejects-forgeries/missing-signature')!;
    expect(missing.exchanges[0]!.request.headers.map(([name]) => name)).not.toContain('X-Service-Signature');
    expect(missing.exchanges[0]!.response.status).toBe(200);
  });

  it("also sends stored deliveries when asked, signed again with the secret, and refuses one that is not the service's", async () => {
    const stored = await startTestCore({ secret: 'the-account-secret' });
    const giftCard = giftCardBody();
    expect((await post(`${stored.receiverUrl}/webhooks`, giftCard, serviceHeaders(giftCard, 'the-account-secret'))).status).toBe(200);
    expect((await post(`${stored.receiverUrl}/webhooks`, 'ping', { 'Content-Type': 'text/plain' })).status).toBe(200);
    await stored.core.close();
    handler = await startHandler(secret, 'none');
    const only = ['--only', 'acknowledges/crypto-form-b-payout-failed'];
    const result = await check([handler.url, '--secret', secret, '--data-dir', stored.dataDir, '--deliveries', '1', ...only]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^pass\s+acknowledges\/stored-1\s+spec 4\.1, 7, 8/m);
    expect(handler.taken).toEqual(['payout.failed', 'payout.processing']);
    const refused = await check([handler.url, '--secret', secret, '--data-dir', stored.dataDir, '--deliveries', '2', ...only]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/delivery 2 is not one of the service's \(a \w+ body\), so no answer to it is wrong/);
    expect((await check([handler.url, '--secret', secret, '--data-dir', stored.dataDir, '--deliveries', '9', ...only])).stderr).toMatch(/no delivery 9 is stored/);
  });

  it('says what is wrong with its arguments', async () => {
    expect((await check([])).stderr).toMatch(/Give URL\. See 'webhook-inspector check --help'/);
    expect((await check(['ftp://x/'])).stderr).toMatch(/"ftp:\/\/x\/" is not an http or https URL/);
    expect((await check(['http://127.0.0.1:1/'])).stderr).toMatch(/give --secret or --secret-file/);
    expect((await check(['http://127.0.0.1:1/', '--secret', 's', '--only', 'nope'])).stderr).toMatch(/no case is named "nope"/);
  });
});
