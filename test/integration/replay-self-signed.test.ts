import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultForwardSettings, type ReplayRecord } from '../../src/shared/replay';
import { bodyText, giftCardRecipientBody, signedDelivery } from '../fixtures/payloads';
import { builtCli } from '../support/cli-process';
import { startTestCore, tempDataDir, type TestCore } from '../support/core-fixture';
import { testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { until } from '../support/until';

const execFileAsync = promisify(execFile);

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    return { code: 0, ...(await execFileAsync(process.execPath, [builtCli, ...args])) };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A user's handler on 127.0.0.1 behind a certificate nobody vouches for. */
async function selfSignedTarget(): Promise<{ url: string; fingerprint: string; requests: number; server: Server }> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], { notAfterDate: new Date(Date.now() + 86_400_000) });
  const target = { url: '', fingerprint: new X509Certificate(pems.cert).fingerprint256, requests: 0, server: null as unknown as Server };
  target.server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    target.requests += 1;
    request.resume().on('end', () => response.end('{"ok":true}'));
  });
  await new Promise<void>((listening) => target.server.listen(0, '127.0.0.1', listening));
  target.url = `https://127.0.0.1:${(target.server.address() as AddressInfo).port}/hooks`;
  return target;
}

describe('a replay to a self-signed https target', () => {
  let dataDir: string;
  let target: Awaited<ReturnType<typeof selfSignedTarget>>;

  beforeAll(async () => {
    dataDir = tempDataDir();
    const t = await startTestCore({ dataDir, secret: testSecret });
    const sent = signedDelivery(Buffer.from(bodyText(giftCardRecipientBody())), testSecret);
    expect((await post(`${t.receiverUrl}/webhooks`, sent.body, sent.headers)).status).toBe(200);
    await t.stop();
    target = await selfSignedTarget();
  });
  afterAll(() => new Promise<void>((closed) => target.server.close(() => closed())));

  it('on the command line: says it is self-signed, gives its SHA-256 fingerprint and names --insecure; sends nothing', async () => {
    const refused = await cli('replay', '--data-dir', dataDir, '--id', '1', '--to', target.url);
    expect(refused.code).toBe(1);
    const error = /^Error: (.*)$/m.exec(refused.stdout)?.[1] ?? '';
    expect(error).toMatch(/self-signed/);
    expect(error).toContain('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(error).toContain(target.fingerprint);
    expect(error).toContain('--insecure');
    expect(target.requests).toBe(0);

    const allowed = await cli('replay', '--data-dir', dataDir, '--id', '1', '--to', target.url, '--insecure');
    expect(allowed.code).toBe(0);
    expect(target.requests).toBe(1);
  });

  it("in the UI's record: the same fingerprint, and the switch that allows it there", async () => {
    let core: TestCore | null = null;
    try {
      core = await startTestCore({ dataDir: tempDataDir(), secret: testSecret });
      const sent = signedDelivery(Buffer.from(bodyText(giftCardRecipientBody())), testSecret);
      expect((await post(`${core.receiverUrl}/webhooks`, sent.body, sent.headers)).status).toBe(200);
      const record = (await core.call('replay.send', { deliveryId: 1, url: target.url })) as ReplayRecord;
      expect(record.error).toContain(target.fingerprint);
      expect(record.error).toContain('Allow a self-signed certificate for this target');
    } finally {
      await core?.stop();
    }
  });

  it("a live forward there: the fingerprint, and the forward's own switch", async () => {
    let core: TestCore | null = null;
    try {
      core = await startTestCore({ dataDir: tempDataDir(), secret: testSecret });
      const client = core;
      await client.call('forward.set', { ...defaultForwardSettings, enabled: true, target: target.url });
      const sent = signedDelivery(Buffer.from(bodyText(giftCardRecipientBody())), testSecret);
      const answer = await post(`${client.receiverUrl}/webhooks`, sent.body, sent.headers);
      const id = Number(answer.headers['x-inspector-delivery-id']);
      const [forward] = await until(
        async () => (await client.call('replay.list', { deliveryId: id })).items,
        (items) => items.length > 0,
      );
      expect(forward?.kind).toBe('forward');
      expect(forward?.error).toContain(target.fingerprint);
      expect(forward?.error).toContain('Allow a self-signed certificate at the target');
    } finally {
      await core?.stop();
    }
  });
});
