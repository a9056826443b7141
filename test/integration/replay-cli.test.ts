import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signBody, verifySignature } from '../../src/main/core/analysis/signature';
import { bodyText, giftCardRecipientBody, signedDelivery } from '../fixtures/payloads';
import { builtCli } from '../support/cli-process';
import { startTestCore, tempDataDir } from '../support/core-fixture';
import { testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { startTarget, type ReplayTarget } from '../support/replay-target';

const execFileAsync = promisify(execFile);
const handlerSecret = 'whsec_cli_handler_secret';

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(...args: string[]): Promise<CliRun> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [builtCli, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the replay and verify commands', () => {
  let dataDir: string;
  let body: Buffer;
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    dataDir = tempDataDir();
    const t = await startTestCore({ dataDir, secret: testSecret });
    const sent = signedDelivery(Buffer.from(bodyText(giftCardRecipientBody())), testSecret);
    body = sent.body;
    expect((await post(`${t.receiverUrl}/webhooks`, sent.body, sent.headers)).status).toBe(200);
    await t.stop();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  const target = async (answer?: ReplayTarget['answer']) => {
    const started = await startTarget(answer);
    cleanups.push(() => started.close());
    return started;
  };

  it('replays a stored delivery re-signed, prints the answer, stores it, and never shows the secret', async () => {
    const handler = await target(() => ({ status: 200, body: '{"ok":true}' }));
    const run = await cli('replay', '--data-dir', dataDir, '--id', '1', '--to', `${handler.url}/hooks`, '--resign', handlerSecret);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Status: 200$/m);
    expect(run.stdout).toMatch(/^Duration: \d+ ms$/m);
    expect(run.stdout).toMatch(/^Body: \{"ok":true\}$/m);
    const [got] = await handler.received(1);
    expect(got!.body.equals(body)).toBe(true);
    expect(verifySignature(got!.body, handler.header(got!, 'X-Service-Signature'), handlerSecret).verdict).toBe('valid');
    expect(run.stdout + run.stderr).not.toContain(handlerSecret);

    const db = new Database(join(dataDir, 'inspector.sqlite3'), { readonly: true });
    const rows = db.prepare('SELECT signing_mode, response_status, request_headers FROM replays').all();
    db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ signing_mode: 'resign', response_status: 200 });
    expect(JSON.stringify(rows)).not.toContain(handlerSecret);
  });

  it('sends a deliberately wrong signature and new X-Service-Delivery / X-Service-Timestamp when asked', async () => {
    const handler = await target(() => ({ status: 401, body: 'bad signature' }));
    const kept = await cli('replay', '--data-dir', dataDir, '--id', '1', '--to', handler.url);
    const changed = await cli(
      'replay', '--data-dir', dataDir, '--id', '1', '--to', handler.url, '--wrong-signature', '--new-delivery-id', '--new-timestamp',
    );
    expect(kept.code).toBe(1);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toMatch(/^Status: 401$/m);
    const [original, altered] = await handler.received(2);
    expect(altered!.body.equals(body)).toBe(true);
    expect(verifySignature(original!.body, handler.header(original!, 'X-Service-Signature'), testSecret).verdict).toBe('valid');
    expect(verifySignature(altered!.body, handler.header(altered!, 'X-Service-Signature'), testSecret).verdict).toBe('invalid');
    for (const name of ['X-Service-Delivery', 'X-Service-Timestamp']) {
      expect(handler.header(altered!, name)).toBeTruthy();
      expect(handler.header(altered!, name)).not.toBe(handler.header(original!, name));
    }

    const both = await cli('replay', '--data-dir', dataDir, '--id', '1', '--to', handler.url, '--resign', handlerSecret, '--wrong-signature');
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('give --resign or --wrong-signature, not both');
  });

  it('exits non-zero on a non-2xx answer, an unreachable target or an unknown delivery', async () => {
    const failing = await target(() => ({ status: 503, body: 'down for maintenance' }));
    const non2xx = await cli('replay', '--data-dir', dataDir, '--id', '1', '--to', failing.url);
    expect(non2xx.code).toBe(1);
    expect(non2xx.stdout).toMatch(/^Status: 503$/m);

    const unreachable = await cli('replay', '--data-dir', dataDir, '--id', '1', '--to', 'http://127.0.0.1:1/');
    expect(unreachable.code).toBe(1);
    expect(unreachable.stdout).toMatch(/^Error: .*ECONNREFUSED/m);

    const unknown = await cli('replay', '--data-dir', dataDir, '--id', '77', '--to', failing.url);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no delivery 77');
  });

  it('accepts a self-signed HTTPS target only with --insecure', async () => {
    const other = await startTestCore();
    cleanups.push(() => other.stop());
    const refused = await cli('replay', '--data-dir', dataDir, '--id', '1', '--to', other.receiverUrl);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/^Error: .*(self[- ]signed|certificate)/im);
    const allowed = await cli('replay', '--data-dir', dataDir, '--id', '1', '--to', other.receiverUrl, '--insecure');
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toMatch(/^Status: 200$/m);
  });

  it('verify prints the verdict and its reason, and exits 0 only when the signature is valid', async () => {
    const file = join(tempDataDir(), 'body.json');
    writeFileSync(file, body);
    const valid = await cli('verify', '--secret', testSecret, '--body', file, '--signature', signBody(body, testSecret));
    expect(valid.code).toBe(0);
    expect(valid.stdout).toBe(`Verdict: valid\nReason: HMAC-SHA256 of the ${body.byteLength} body bytes matches the header.\n`);

    const invalid = await cli('verify', '--secret', testSecret, '--body', file, '--signature', signBody(body, 'another secret'));
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toMatch(/^Verdict: invalid\nReason: .*differs from the header\.\n$/);

    const malformed = await cli('verify', '--secret', testSecret, '--body', file, '--signature', 'md5=abc');
    expect(malformed.code).toBe(1);
    expect(malformed.stdout).toMatch(/^Verdict: malformed\n/);
    for (const run of [valid, invalid, malformed]) expect(run.stdout + run.stderr).not.toContain(testSecret);
  });
});
