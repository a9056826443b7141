import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { signBody, verifySignature } from '../../src/main/core/analysis/signature';
import { fileSecretStore } from '../../src/main/core/signing-secret';
import type { ReplaySend } from '../../src/shared/replay';
import { builtCli } from '../support/cli-process';
import { startTestCore, tempDataDir, type TestCore } from '../support/core-fixture';
import { testSecret } from '../support/deliveries';
import { describeEachEngine, queryStore, storeLocation } from '../support/engines';
import { post } from '../support/https-client';
import { startTarget, type ReceivedRequest } from '../support/replay-target';

const execFileAsync = promisify(execFile);
const handlerSecret = 'whsec_edit_then_replay_handler';

/** A body whose numbers are written as JSON parsers would not write them back: only the exact bytes keep them. */
const storedText = '{"event":"gift_card.payout.processing","data":{"amount":25.00,"fee":1.10,"rate":1e2,"note":"caf\u00e9"}}\n';
/** The same body with one number edited as text, the rest byte for byte. */
const editedText = storedText.replace('"amount":25.00', '"amount":26.50');

const headerOf = (request: ReceivedRequest, name: string) => request.headers.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { WEBHOOK_INSPECTOR_STORE: _inherited, ...env } = process.env;
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [builtCli, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describeEachEngine('edit, then replay', (engine) => {
  let t: TestCore | null = null;
  let location: string | undefined;
  let dataDir: string;
  const cleanups: Array<() => Promise<void>> = [];
  beforeEach(async () => {
    location = await storeLocation(engine);
    dataDir = tempDataDir();
  });
  afterEach(async () => {
    await t?.stop();
    t = null;
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  const target = async () => {
    const started = await startTarget(() => ({ status: 200, body: '{"ok":true}' }));
    cleanups.push(() => started.close());
    return started;
  };
  /** Starts the core with the signing secret in force and stores one signed delivery of storedText; its id. */
  const storeOne = async () => {
    t = await startTestCore({ dataDir, secret: testSecret, store: location });
    const body = Buffer.from(storedText);
    const answer = await post(`${t.receiverUrl}/webhooks`, body, {
      'Content-Type': 'application/json',
      'User-Agent': 'PayoutService-Webhooks/1.0',
      'X-Service-Event': 'gift_card.payout.processing',
      'X-Service-Delivery': '9b0c3c52-8f0e-4a39-9a51-0d7a8d7f3c11',
      'X-Service-Signature': signBody(body, testSecret),
    });
    expect(answer.status).toBe(200);
    return Number(answer.headers['x-inspector-delivery-id']);
  };
  const storedReplays = () =>
    queryStore({ dataDir, location }, 'SELECT id, edited, request_body, request_headers, signing_mode FROM replays ORDER BY id');

  it('sends the edited bytes and headers re-signed with the secret in force, and stores them with the replay, marked edited', async () => {
    const id = await storeOne();
    const handler = await target();
    const stored = await t!.call('deliveries.get', { id });
    const headers = stored.headers.filter(([name]) => !/^(host|content-length|user-agent)$/i.test(name));
    const input: ReplaySend = {
      deliveryId: id,
      url: `${handler.url}/hooks`,
      signing: { mode: 'resign' },
      deliveryHeader: 'keep',
      timestampHeader: 'keep',
      allowSelfSigned: false,
      edit: { bodyBase64: Buffer.from(editedText).toString('base64'), headers: [...headers, ['X-Test', '1']] },
    };

    // What will be sent, before anything is: the size, and the signature under the secret in force.
    const preview = await t!.call('replay.preview', input);
    expect(preview).toMatchObject({ bodySize: Buffer.byteLength(editedText), signature: signBody(Buffer.from(editedText), testSecret), edited: true });
    expect(handler.requests).toHaveLength(0);

    const record = await t!.call('replay.send', input);
    const [got] = await handler.received(1);
    expect(got!.body.toString('utf8')).toBe(editedText);
    expect(got!.body.toString('utf8')).toContain('"fee":1.10,"rate":1e2');
    expect(verifySignature(got!.body, headerOf(got!, 'X-Service-Signature')[0]!, testSecret).verdict).toBe('valid');
    expect(headerOf(got!, 'X-Test')).toEqual(['1']);
    expect(headerOf(got!, 'User-Agent')).toEqual([]);
    expect(headerOf(got!, 'X-Service-Delivery')).toEqual(['9b0c3c52-8f0e-4a39-9a51-0d7a8d7f3c11']);
    expect(preview.headers).toEqual(record.request.headers);

    expect(record).toMatchObject({ deliveryId: id, edited: true, signingMode: 'resign', request: { bodySize: got!.body.byteLength, bodySha256: got!.sha256 } });
    expect(record.request.headers).toContainEqual(['X-Test', '1']);
    expect((await t!.call('replay.list', { deliveryId: id })).items).toEqual([record]);
    // The bytes sent, beside the delivery they were edited from: enough to diff the two.
    expect(await t!.call('replay.sentBody', { replayId: record.id })).toEqual({
      replayId: record.id,
      deliveryId: id,
      edited: true,
      bodyBase64: Buffer.from(editedText).toString('base64'),
    });
    const [row] = await storedReplays();
    expect(row).toMatchObject({ edited: 1, signing_mode: 'resign' });
    expect(Buffer.from(row!.request_body as Uint8Array).toString('utf8')).toBe(editedText);
    // Never the secret.
    expect(JSON.stringify(row)).not.toContain(testSecret);
  });

  it('re-signs with a secret typed, or leaves the signature as stored; an unedited replay keeps no bytes of its own', async () => {
    const id = await storeOne();
    const handler = await target();
    const edit = { bodyBase64: Buffer.from(editedText).toString('base64') };
    const base = { deliveryId: id, url: handler.url, deliveryHeader: 'keep', timestampHeader: 'keep', allowSelfSigned: false } as const;
    await t!.call('replay.send', { ...base, edit, signing: { mode: 'resign', secret: handlerSecret } });
    await t!.call('replay.send', { ...base, edit, signing: { mode: 'keep' } });
    const plain = await t!.call('replay.send', { ...base, signing: { mode: 'keep' } });
    // An edit that changes nothing is no edit.
    const same = await t!.call('replay.send', { ...base, edit: { bodyBase64: Buffer.from(storedText).toString('base64') }, signing: { mode: 'keep' } });
    const [typed, kept, unedited, unchanged] = await handler.received(4);

    expect(typed!.body.toString()).toBe(editedText);
    expect(verifySignature(typed!.body, headerOf(typed!, 'X-Service-Signature')[0]!, handlerSecret).verdict).toBe('valid');
    expect(kept!.body.toString()).toBe(editedText);
    expect(headerOf(kept!, 'X-Service-Signature')).toEqual([signBody(Buffer.from(storedText), testSecret)]);
    expect(unedited!.body.toString()).toBe(storedText);
    expect(unchanged!.body.toString()).toBe(storedText);
    expect([plain.edited, same.edited]).toEqual([false, false]);
    expect(await t!.call('replay.sentBody', { replayId: plain.id })).toMatchObject({ edited: false, bodyBase64: Buffer.from(storedText).toString('base64') });

    const rows = await storedReplays();
    expect(rows.map((r) => [r.edited, r.request_body === null])).toEqual([
      [1, false],
      [1, false],
      [0, true],
      [0, true],
    ]);
  });

  it('refuses a header that cannot be sent, before anything is sent', async () => {
    const id = await storeOne();
    const handler = await target();
    const base = { deliveryId: id, url: handler.url };
    await expect(t!.call('replay.send', { ...base, edit: { headers: [['Bad Name', 'x']] } })).rejects.toThrow(/header name/);
    await expect(t!.call('replay.send', { ...base, edit: { headers: [['X-Split', 'a\r\nInjected: 1']] } })).rejects.toThrow(/line break/);
    expect(handler.requests).toHaveLength(0);
  });

  it("replay --body-file F --header 'X-Test: 1' from the built CLI sends and stores the same, signed with the data dir's secret", async () => {
    const id = await storeOne();
    await t!.stop();
    t = null;
    // The secret in force as Settings keeps it: the data dir's file.
    fileSecretStore(dataDir, 'signing-secret').save(testSecret);
    const handler = await target();
    const file = join(tempDataDir(), 'edited.json');
    writeFileSync(file, editedText);
    const store = location === undefined ? [] : ['--store', location];

    const run = await cli(['replay', '--data-dir', dataDir, ...store, '--id', String(id), '--to', `${handler.url}/hooks`, '--body-file', file, '--header', 'X-Test: 1', '--header', 'User-Agent:']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Replayed delivery ${id} \\(edited\\) to `, 'm'));
    expect(run.stdout).toMatch(/^Status: 200$/m);
    const [got] = await handler.received(1);
    expect(got!.body.equals(Buffer.from(editedText))).toBe(true);
    expect(verifySignature(got!.body, headerOf(got!, 'X-Service-Signature')[0]!, testSecret).verdict).toBe('valid');
    expect(headerOf(got!, 'X-Test')).toEqual(['1']);
    expect(headerOf(got!, 'User-Agent')).toEqual([]);
    expect(run.stdout + run.stderr).not.toContain(testSecret);

    // --resign gives another secret; --keep-signature sends the stored one.
    const resigned = await cli(['replay', '--data-dir', dataDir, ...store, '--id', String(id), '--to', handler.url, '--body-file', file, '--resign', handlerSecret]);
    const kept = await cli(['replay', '--data-dir', dataDir, ...store, '--id', String(id), '--to', handler.url, '--body-file', file, '--keep-signature']);
    expect([resigned.code, kept.code]).toEqual([0, 0]);
    const [, second, third] = await handler.received(3);
    expect(verifySignature(second!.body, headerOf(second!, 'X-Service-Signature')[0]!, handlerSecret).verdict).toBe('valid');
    expect(headerOf(third!, 'X-Service-Signature')).toEqual([signBody(Buffer.from(storedText), testSecret)]);

    const rows = await storedReplays();
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => [r.edited, r.signing_mode])).toEqual([
      [1, 'resign'],
      [1, 'resign'],
      [1, 'keep'],
    ]);
    for (const row of rows) expect(Buffer.from(row.request_body as Uint8Array).toString('utf8')).toBe(editedText);
    expect(JSON.parse(rows[0]!.request_headers as string)).toContainEqual(['X-Test', '1']);
  });

  it('says what is missing: a header without a colon, a body file that is not there, no secret in force', async () => {
    const id = await storeOne();
    await t!.stop();
    t = null;
    const handler = await target();
    const store = location === undefined ? [] : ['--store', location];
    const replay = (...args: string[]) => cli(['replay', '--data-dir', dataDir, ...store, '--id', String(id), '--to', handler.url, ...args]);
    const file = join(tempDataDir(), 'edited.json');
    writeFileSync(file, editedText);

    const noColon = await replay('--header', 'X-Test 1');
    expect(noColon.code).toBe(1);
    expect(noColon.stderr).toContain("--header needs 'NAME: VALUE'");
    const missing = await replay('--body-file', join(dataDir, 'nowhere.json'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('nowhere.json: there is no such file');
    const noSecret = await replay('--body-file', file);
    expect(noSecret.code).toBe(1);
    expect(noSecret.stderr).toContain('give --resign SECRET, or --keep-signature');
    expect(handler.requests).toHaveLength(0);
  });
});
