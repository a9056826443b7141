import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { verifySignature } from '../../src/main/core/analysis/signature';
import { bodyText, giftCardRecipientBody, signedDelivery } from '../fixtures/payloads';
import { startTestCore, tempDataDir, type TestCore } from '../support/core-fixture';
import { testSecret } from '../support/deliveries';
import { describeEachEngine, queryStore, storeLocation } from '../support/engines';
import { post } from '../support/https-client';
import { until } from '../support/until';
import { subscribe } from '../support/event-subscription';
import { startSilentServer, startStallingServer, startTarget, type ReplayTarget } from '../support/replay-target';

const handlerSecret = 'whsec_handler_only_test_secret';
const limits = { connectTimeoutMs: 300, readTimeoutMs: 300, responseBodyCapBytes: 1024 };

describeEachEngine('replaying a stored delivery', (engine) => {
  let t: TestCore | null = null;
  let location: string | undefined;
  beforeEach(async () => {
    location = await storeLocation(engine);
  });
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await t?.stop();
    t = null;
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  const start = async (options: Parameters<typeof startTestCore>[0] = {}) => {
    t = await startTestCore({ secret: testSecret, replayLimits: limits, store: location, ...options });
    return t;
  };
  const target = async (answer?: ReplayTarget['answer']) => {
    const started = await startTarget(answer);
    cleanups.push(() => started.close());
    return started;
  };
  /** Posts a signed delivery to the receiver; returns its id and what was sent. */
  const receive = async (overrides: Record<string, unknown> = {}) => {
    // Odd spacing and key order: only the exact bytes verify.
    const text = bodyText(giftCardRecipientBody(overrides)).replace('{', '{  ') + '\n';
    const sent = signedDelivery(Buffer.from(text), testSecret);
    const answer = await post(`${t!.receiverUrl}/webhooks`, sent.body, sent.headers);
    expect(answer.status).toBe(200);
    return { id: Number(answer.headers['x-inspector-delivery-id']), ...sent };
  };

  it('sends the exact stored bytes and the X-Service-* headers, and stores what the target answered', async () => {
    await start();
    const handler = await target(() => ({ status: 202, body: '{"queued":true}', headers: { 'X-Handler': 'yes' } }));
    const events = await subscribe(t!, 'replays.changed');
    const { id, body, headers } = await receive();

    const record = await t!.call('replay.send', { deliveryId: id, url: `${handler.url}/hooks?x=1` });
    const [got] = await handler.received(1);
    expect(got!.sha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(got!.method).toBe('POST');
    expect(got!.url).toBe('/hooks?x=1');
    const serviceHeaders = (pairs: Array<[string, string]>) =>
      pairs.filter(([name]) => /^(x-service-|content-type$|user-agent$)/i.test(name));
    expect(serviceHeaders(got!.headers)).toEqual(Object.entries(headers));
    expect(handler.header(got!, 'host')).toBe(new URL(handler.url).host);
    expect(handler.header(got!, 'content-length')).toBe(String(body.byteLength));

    expect(record).toMatchObject({
      deliveryId: id,
      kind: 'replay',
      batchId: null,
      signingMode: 'keep',
      url: `${handler.url}/hooks?x=1`,
      request: { method: 'POST', bodySha256: got!.sha256, bodySize: body.byteLength },
      response: { status: 202, body: '{"queued":true}', bodyTruncated: false },
      error: null,
    });
    expect(record.response!.headers).toContainEqual(['X-Handler', 'yes']);
    expect(record.request.headers).toEqual(serviceHeaders(record.request.headers));
    expect((await t!.call('replay.list', { deliveryId: id })).items).toEqual([record]);
    expect(await until(async () => events.received, (r) => r.length > 0, 5_000)).toContainEqual({ deliveryId: id });
    events.stop();
  });

  it('keeps the signature, re-signs with a given secret, or sends a wrong one; the secrets are never stored', async () => {
    const dataDir = tempDataDir();
    await start({ dataDir });
    const handler = await target();
    const { id, body, headers } = await receive();
    const signatureSent = async (signing: { mode: 'keep' } | { mode: 'resign'; secret: string } | { mode: 'wrong' }) => {
      const before = handler.requests.length;
      const record = await t!.call('replay.send', { deliveryId: id, url: handler.url, signing });
      expect(record.signingMode).toBe(signing.mode);
      const [got] = (await handler.received(before + 1)).slice(before);
      return handler.header(got!, 'X-Service-Signature');
    };

    expect(await signatureSent({ mode: 'keep' })).toBe(headers['X-Service-Signature']);
    const resigned = await signatureSent({ mode: 'resign', secret: handlerSecret });
    expect(verifySignature(body, resigned, handlerSecret).verdict).toBe('valid');
    expect(verifySignature(body, resigned, testSecret).verdict).toBe('invalid');
    const wrong = await signatureSent({ mode: 'wrong' });
    expect(wrong).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignature(body, wrong, testSecret).verdict).toBe('invalid');

    const rows = await t!.call('replay.list', { deliveryId: id });
    expect(rows.items.map((r) => r.signingMode)).toEqual(['wrong', 'resign', 'keep']);
    await t!.stop();
    t = null;
    const stored = await queryStore({ dataDir, location }, 'SELECT * FROM replays');
    const table = stored
      .flatMap((row) => Object.values(row).map((v) => (Buffer.isBuffer(v) ? v.toString('latin1') : String(v))))
      .join('\n');
    expect(table).toContain(resigned!.slice('sha256='.length));
    for (const secret of [handlerSecret, testSecret]) expect(table).not.toContain(secret);
    // The store's files, free pages and WAL included: SQLite's are in the data dir.
    for (const file of readdirSync(dataDir).filter((f) => f.startsWith('inspector.sqlite3'))) {
      expect(readFileSync(join(dataDir, file)).includes(handlerSecret)).toBe(false);
    }
  });

  it('keeps or regenerates X-Service-Delivery and X-Service-Timestamp', async () => {
    await start();
    const handler = await target();
    const { id, headers } = await receive();
    await t!.call('replay.send', { deliveryId: id, url: handler.url });
    const before = Math.floor(Date.now() / 1000);
    await t!.call('replay.send', { deliveryId: id, url: handler.url, deliveryHeader: 'regenerate', timestampHeader: 'regenerate' });
    const [kept, fresh] = await handler.received(2);

    expect(handler.header(kept!, 'X-Service-Delivery')).toBe(headers['X-Service-Delivery']);
    expect(handler.header(kept!, 'X-Service-Timestamp')).toBe(headers['X-Service-Timestamp']);
    const newId = handler.header(fresh!, 'X-Service-Delivery');
    expect(newId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newId).not.toBe(headers['X-Service-Delivery']);
    expect(Number(handler.header(fresh!, 'X-Service-Timestamp'))).toBeGreaterThanOrEqual(before);
    expect(handler.header(fresh!, 'X-Service-Signature')).toBe(headers['X-Service-Signature']);
  });

  it('never follows a redirect: a 3xx is the answer, its Location never requested', async () => {
    await start();
    const handler = await target((request) =>
      request.url === '/moved' ? { status: 302, headers: { Location: '/elsewhere' } } : { status: 200 },
    );
    const { id } = await receive();
    const record = await t!.call('replay.send', { deliveryId: id, url: `${handler.url}/moved` });
    expect(record.response).toMatchObject({ status: 302 });
    expect(record.response!.headers).toContainEqual(['Location', '/elsewhere']);
    expect(record.error).toBeNull();
    // The replay is complete when the call returns: a followed redirect would have arrived by now.
    expect(handler.requests.map((r) => r.url)).toEqual(['/moved']);
  });

  it('gives up on a target that never connects, never answers, or stalls after its headers', async () => {
    await start();
    const silent = await startSilentServer();
    const stalling = await startStallingServer();
    cleanups.push(() => silent.close(), () => stalling.close());
    const { id } = await receive();

    // HTTPS to a server that never completes the handshake: the connection is never established.
    const noConnection = await t!.call('replay.send', { deliveryId: id, url: `https://127.0.0.1:${silent.port}/`, allowSelfSigned: true });
    expect(noConnection.response).toBeNull();
    expect(noConnection.error).toBe('No connection within 300 ms.');
    expect(noConnection.durationMs).toBeGreaterThanOrEqual(290);

    const noAnswer = await t!.call('replay.send', { deliveryId: id, url: `http://127.0.0.1:${silent.port}/` });
    expect(noAnswer.response).toBeNull();
    expect(noAnswer.error).toBe('No response within 300 ms of inactivity.');

    const stalled = await t!.call('replay.send', { deliveryId: id, url: stalling.url });
    expect(stalled.error).toBe('No response within 300 ms of inactivity.');
    expect(stalled.response).toMatchObject({ status: 200, body: 'partial', bodyTruncated: true });
  });

  it('keeps the response body up to the cap and says so', async () => {
    await start();
    const handler = await target(() => ({ status: 500, body: 'x'.repeat(5000) }));
    const { id } = await receive();
    const record = await t!.call('replay.send', { deliveryId: id, url: handler.url });
    expect(record.response).toMatchObject({ status: 500, bodyTruncated: true });
    expect(record.response!.body).toBe('x'.repeat(limits.responseBodyCapBytes));
  });

  it('refuses a self-signed HTTPS target unless allowed for that call', async () => {
    await start();
    const { id } = await receive();
    // The receiver itself is a self-signed HTTPS target.
    const refused = await t!.call('replay.send', { deliveryId: id, url: `${t!.receiverUrl}/again` });
    expect(refused.response).toBeNull();
    expect(refused.error).toMatch(/self[- ]signed|certificate/i);
    expect((await t!.call('deliveries.list', { filter: {}, limit: 10 })).total).toBe(1);

    const allowed = await t!.call('replay.send', { deliveryId: id, url: `${t!.receiverUrl}/again`, allowSelfSigned: true });
    expect(allowed.response?.status).toBe(200);
    const stored = await t!.call('deliveries.list', { filter: {}, limit: 10 });
    expect(stored.items.map((d) => [d.path, d.signature])).toEqual([
      ['/again', 'valid'],
      ['/webhooks', 'valid'],
    ]);
  });

  it('answers 404 for a delivery that does not exist', async () => {
    await start();
    await expect(t!.call('replay.send', { deliveryId: 99, url: 'http://127.0.0.1:1/' })).rejects.toThrow(/404/);
  });

  it('keeps every replay across a restart, listed newest first', async () => {
    const dataDir = tempDataDir();
    await start({ dataDir });
    const handler = await target((request) => ({ status: request.url === '/first' ? 200 : 503 }));
    const { id } = await receive();
    const first = await t!.call('replay.send', { deliveryId: id, url: `${handler.url}/first` });
    const second = await t!.call('replay.send', { deliveryId: id, url: `${handler.url}/second` });
    await t!.stop();

    await start({ dataDir });
    const { items } = await t!.call('replay.list', { deliveryId: id });
    expect(items).toEqual([second, first]);
    expect(items.map((r) => r.response?.status)).toEqual([503, 200]);
  });
});
