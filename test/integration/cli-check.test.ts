import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'junit2json';
import { afterEach, describe, expect, it } from 'vitest';
import { builtCli } from '../support/cli-process';
import { acceptedOptions } from '@webhook-inspector/command-line';
import { checkDefinition } from '../../src/main/cli/check-definition';
import { handlerCheckBattery } from '../../src/main/core/handler-check/battery';
import { loadOrCreateCertificate } from '../../src/main/core/receiver/tls';
import { startHandler, type HandlerFlaw, type HandlerUnderCheck } from '../support/handlers-under-check';
import { unusedPort } from '../support/unused-port';
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

async function check(args: string[], program: { file: string; args: string[] } = { file: process.execPath, args: [builtCli, 'check'] }): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(program.file, [...program.args, ...args], { maxBuffer: 16 * 2 ** 20 });
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
    expect(lines.filter((line) => line.startsWith('SECURITY'))).toHaveLength(10);
    // One mistake, one root cause: every forgery points at it.
    expect(lines[1]).toMatch(/^\s+→ root cause 1: no signature check \(below\)$/);
    expect(result.stdout).toMatch(/^Root cause 1 \(10 cases\): The handler does not check X-Service-Signature.*Fix: verify the signature first/m);

    const junit = await parse(readFileSync(junitFile, 'utf8'));
    expect(junit).toMatchObject({ tests: 22, failures: 10 });
    const suites = (junit as { testsuite: Array<{ name: string; tests: number; failures: number; testcase: Array<{ name: string; failure?: Array<{ type: string }> }> }> }).testsuite;
    expect(suites.map((s) => [s.name, s.tests, s.failures])).toEqual([
      ['Rejects forgeries', 10, 10],
      ['Acknowledges real traffic', 12, 0],
    ]);
    expect(suites[0]!.testcase[0]!.failure![0]!.type).toBe('security-failure');

    const json = JSON.parse(readFileSync(jsonFile, 'utf8')) as { counts: Record<string, number>; results: Array<{ id: string; exchanges: Array<{ request: { headers: string[][]; body: string }; response: { status: number } }> }> };
    expect(json.counts).toEqual({ pass: 12, fail: 0, 'security-failure': 10 });
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

  it('stops at the first case when nothing answers: one message, no case passed, exit 2', async () => {
    const port = await unusedPort();
    const result = await check([`http://127.0.0.1:${port}/webhooks`, '--secret', secret]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const messages = result.stderr.split('\n').filter((line) => line.startsWith('webhook-inspector'));
    expect(messages).toEqual([
      `webhook-inspector check: Nothing answers at 127.0.0.1:${port} (connection refused): is your handler running, and listening on port ${port}? (connect ECONNREFUSED 127.0.0.1:${port}). No case was graded.`,
    ]);
    expect(result.stderr).not.toMatch(/\bpass|passed|FAIL/);
    // A host name that is not found, the same: one message.
    const unknownHost = await check(['http://handler.invalid/webhooks', '--secret', secret]);
    expect(unknownHost.code).toBe(2);
    expect(unknownHost.stdout).toBe('');
    expect(unknownHost.stderr).toMatch(/^webhook-inspector check: The host name handler\.invalid is not found \(DNS\): is the URL right\? .*No case was graded\.$/m);
  });

  it('stops at the first case when a self-signed certificate is refused, with its fingerprint and --insecure; checks it with --insecure', async () => {
    const certificate = await loadOrCreateCertificate(tempDataDir());
    handler = await startHandler(secret, 'none', { tls: { cert: certificate.cert, key: certificate.key } });
    const refused = await check([handler.url, '--secret', secret]);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    const messages = refused.stderr.split('\n').filter((line) => line.startsWith('webhook-inspector'));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^webhook-inspector check: The handler's certificate was refused: The target's certificate is self-signed \(DEPTH_ZERO_SELF_SIGNED_CERT\), SHA-256 fingerprint [0-9A-F:]+\. To check it anyway, give --insecure .*No case was graded\.$/);
    expect(messages[0]).not.toContain('Check view');
    expect(handler.bodies).toHaveLength(0);
    const insecure = await check([handler.url, '--secret', secret, '--insecure', '--only', 'rejects-forgeries/wrong-secret,acknowledges/crypto-form-b-payout-failed']);
    expect(insecure.code).toBe(0);
    expect(insecure.stdout).toMatch(/^2 passed, 0 failed, 0 security failures\./m);
  });

  it.each<[HandlerFlaw, string, RegExp]>([
    ['replay-window', 'acknowledges/timestamp-not-recent', /fix: accept a delivery whatever its X-Service-Timestamp says: it is not signed, and no replay window may be enforced with it \(spec 5\.5\)/],
    ['unique-delivery-id', 'at-least-once/same-delivery-id-again', /fix: answer 2xx to a copy whose X-Service-Delivery you have seen.*deduplicate on the body's idempotency key \(spec 6 rule 4\)/],
    ['dedups-before-verifying', 'rejects-forgeries/forged-copy', /fix: verify the signature before anything else, deduplication included/],
    ['strict-nested-schema', 'ignores-unknown/nested-fields', /fix: ignore fields you do not know, at any level/],
    ['one-terminal-state', 'acknowledges/tx-hash-follow-up', /fix: answer 2xx to the second payout\.terminal_state of a completed send.*\(spec 3 rule 1\)/],
    ['fails-on-second-copy', 'at-least-once/same-bytes-again', /fix: answer 2xx to a copy you already processed \(the same body, so the same idempotency key; its X-Service-Delivery is new\).*\(spec 6 rule 1\)/],
  ])('catches a handler that breaks a rule (%s) in %s, saying what to change', async (flaw, caseId, fix) => {
    handler = await startHandler(secret, flaw);
    const result = await check([handler.url, '--secret', secret, '--large-body', '64']);
    expect(result.code).toBe(1);
    const lines = result.stdout.split('\n');
    const row = lines.findIndex((line) => new RegExp(`^(FAIL|SECURITY)\\s+${caseId}\\s`).test(line));
    expect(row, result.stdout).toBeGreaterThanOrEqual(0);
    expect(lines[row + 1]).toMatch(fix);
    // Every failure says what to change (its fix, or the root cause it points at).
    for (const [i, line] of lines.entries()) if (/^(FAIL|SECURITY)\s/.test(line)) expect(lines[i + 1]).toMatch(/^\s+(fix: |→ root cause \d+: )/);
  });

  it('ties the failures of a handler that checks the signature over re-serialised JSON to one root cause', async () => {
    handler = await startHandler(secret, 'reserialises-json');
    const result = await check([handler.url, '--secret', secret, '--large-body', '64']);
    expect(result.code).toBe(1);
    const causes = result.stdout.split('\n').filter((line) => line.startsWith('Root cause'));
    expect(causes).toHaveLength(1);
    expect(causes[0]).toMatch(
      /^Root cause 1 \((\d+) cases\): The handler checks the signature over re-serialised JSON .*not over the raw bytes it received: it accepted a delivery signed over the parsed body written out again, and it refused \d+ correctly signed deliveries .*Fix: compute the HMAC over the raw request body, before parsing it/,
    );
    const count = Number(/\((\d+) cases\)/.exec(causes[0]!)![1]);
    const lines = result.stdout.split('\n');
    const failed = lines.flatMap((line, i) => (/^(FAIL|SECURITY)\s/.test(line) ? [[line, lines[i + 1]!] as const] : []));
    expect(failed.length).toBe(count);
    for (const [, next] of failed) expect(next).toMatch(/^\s+→ root cause 1: signature checked over re-serialised JSON \(below\)$/);
    expect(failed.map(([line]) => line)).toEqual(expect.arrayContaining([expect.stringMatching(/^SECURITY\s+rejects-forgeries\/reserialised-json\s/), expect.stringMatching(/^FAIL\s+awkward-payloads\/gift-card-amount-number\s/)]));
  });

  it('prints each case once: the table on stdout, on a non-terminal stderr one line ending in its newline', async () => {
    handler = await startHandler(secret, 'none');
    const result = await check([handler.url, '--secret', secret, '--large-body', '64']);
    expect(result.code).toBe(0);
    for (const checkCase of handlerCheckBattery({ secret })) {
      expect((result.stdout + result.stderr).split(checkCase.id).length - 1, checkCase.id).toBe(1);
    }
    expect(result.stderr).toBe(`Checking ${handler.url} with 36 cases…\n`);
  });

  it.skipIf(!existsSync('/usr/bin/script'))('prints each case once on a terminal too: how far it is on one line rewritten in place, then the table', async () => {
    handler = await startHandler(secret, 'none');
    const command = [process.execPath, builtCli, 'check', handler.url, '--secret', secret, '--large-body', '64'].map((word) => `'${word}'`).join(' ');
    // `script` gives the command a terminal (stdout and stderr both), as a developer's shell does.
    const result = await check([], { file: '/usr/bin/script', args: ['-qec', command, '/dev/null'] });
    expect(result.code).toBe(0);
    for (const checkCase of handlerCheckBattery({ secret })) expect(result.stdout.split(checkCase.id).length - 1, checkCase.id).toBe(1);
    expect(result.stdout).toContain('\x1b[2K');
    expect(result.stdout).toMatch(/36 passed, 0 failed, 0 security failures\./);
  });

  it('lists every option in its usage line', async () => {
    const help = (await check(['--help'])).stdout;
    const usage = help.split('\n')[1]!;
    for (const option of acceptedOptions(checkDefinition)) if (option !== '--help') expect(usage, option).toMatch(new RegExp(`${option}(?![\\w-])`));
    expect(usage).toContain('[--timeout SECONDS] [--large-body KIB]');
  });

  it('says in one line that a --secret-file is missing, never a bare ENOENT', async () => {
    const missing = join(tempDataDir(), 'missing.txt');
    const result = await check(['http://127.0.0.1:9/webhooks', '--secret-file', missing]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`webhook-inspector: --secret-file ${missing}: there is no such file; give the file that holds the signing secret\n`);
  });

  it('counts in the singular when there is one: 1 security failure, 1 answer took', async () => {
    handler = await startHandler(secret, 'dedups-before-verifying');
    const one = await check([handler.url, '--secret', secret, '--only', 'rejects-forgeries']);
    expect(one.stdout).toMatch(/^9 passed, 0 failed, 1 security failure\.$/m);
    await handler.close();
    handler = await startHandler(secret, 'slow', { slowMs: 1_100 });
    const slow = await check([handler.url, '--secret', secret, '--only', 'acknowledges/gift-cards-payout-processing-payout']);
    expect(slow.stdout).toMatch(/; 1 answer took over 1000 ms: acknowledge quickly/);
  });

  it('says what is wrong with its arguments', async () => {
    expect((await check([])).stderr).toMatch(/Give URL\. See 'webhook-inspector check --help'/);
    expect((await check(['ftp://x/'])).stderr).toMatch(/"ftp:\/\/x\/" is not an http or https URL/);
    expect((await check(['http://127.0.0.1:1/'])).stderr).toMatch(/give --secret or --secret-file/);
    expect((await check(['http://127.0.0.1:1/', '--secret', 's', '--only', 'nope'])).stderr).toMatch(/no case is named "nope"/);
  });
});
