import { request } from 'node:https';
import { networkInterfaces } from 'node:os';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { defaultForwardSettings, type ForwardSettings } from '../../src/shared/replay';
import { giftCardRecipientBody, signedDelivery, bodyText } from '../fixtures/payloads';
import { startTestCore, tempDataDir, type TestCore } from '../support/core-fixture';
import { testSecret } from '../support/deliveries';
import { describeEachEngine, queryStore, storeLocation } from '../support/engines';
import { post } from '../support/https-client';
import { startSilentServer, startTarget, type ReplayTarget } from '../support/replay-target';
import { until } from '../support/until';
import { unusedPort } from '../support/unused-port';
import { scriptedResolver } from '../support/egress-targets';

/** A POST whose request line is sent exactly as given: a URL would have its dot segments resolved on the way. */
function postRawPath(receiverUrl: string, path: string, body: Buffer, headers: Record<string, string>): Promise<number> {
  const { hostname, port } = new URL(receiverUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'POST', headers, rejectUnauthorized: false, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** An IPv4 address of this machine's interfaces other than loopback, if it has one. */
function interfaceAddress(): string | null {
  const all = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []);
  return all.find((entry) => entry.family === 'IPv4' && !entry.internal)?.address ?? null;
}

describeEachEngine('live forwarding', (engine) => {
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

  const target = async (answer?: ReplayTarget['answer']) => {
    const started = await startTarget(answer);
    cleanups.push(() => started.close());
    return started;
  };
  const forwardTo = (settings: Partial<ForwardSettings>) =>
    t!.call('forward.set', { ...defaultForwardSettings, enabled: true, ...settings });
  const deliver = async (path = '/webhooks') => {
    const sent = signedDelivery(Buffer.from(bodyText(giftCardRecipientBody())), testSecret);
    const answer = await post(`${t!.receiverUrl}${path}`, sent.body, sent.headers);
    return { ...sent, answer, id: Number(answer.headers['x-inspector-delivery-id']) };
  };
  const forwardsOf = (id: number) =>
    until(
      async () => (await t!.call('replay.list', { deliveryId: id })).items,
      (items) => items.length > 0,
      30_000,
    );

  it('is off by default, saved across restarts, and needs a target to be on', async () => {
    const dataDir = tempDataDir();
    t = await startTestCore({ dataDir, store: location });
    expect(await t.call('forward.get', {})).toEqual(defaultForwardSettings);
    await expect(t.call('forward.set', { ...defaultForwardSettings, enabled: true })).rejects.toThrow(/400/);
    const ownPort = new URL(t.receiverUrl).port;
    await expect(forwardTo({ target: `https://localhost:${ownPort}/` })).rejects.toThrow(/400.*this receiver/);
    await expect(forwardTo({ target: 'http://localhost:3000/webhooks', pathRewrite: { from: '/in', to: '/out' } })).rejects.toThrow(
      /400.*only used when it is appended/,
    );
    const settings: ForwardSettings = {
      enabled: true,
      target: 'http://localhost:3000/webhooks',
      appendPath: true,
      pathRewrite: { from: '/in', to: '/out' },
      mirrorStatus: true,
      allowSelfSigned: false,
    };
    expect(await t.call('forward.set', settings)).toEqual(settings);
    await t.stop();
    t = await startTestCore({ dataDir, store: location });
    expect(await t.call('forward.get', {})).toEqual(settings);
  });

  it('sends every delivery received, byte for byte, to the target URL as given (the README’s example)', async () => {
    t = await startTestCore({ secret: testSecret, store: location });
    const handler = await target(() => ({ status: 204 }));
    const webhooks = `${handler.url}/webhooks`;
    await forwardTo({ target: webhooks });
    const { body, headers, answer, id } = await deliver('/webhooks/demo?source=service');
    expect(answer.status).toBe(200);

    const [got] = await handler.received(1);
    expect(got!.url).toBe('/webhooks');
    expect(got!.body.equals(body)).toBe(true);
    for (const [name, value] of Object.entries(headers)) expect(handler.header(got!, name)).toBe(value);

    const [forward] = await forwardsOf(id);
    expect(forward).toMatchObject({ deliveryId: id, kind: 'forward', signingMode: 'keep', url: webhooks, response: { status: 204 }, error: null });
    expect((await t.call('deliveries.get', { id })).response.status).toBe(200);
  });

  it('appends the delivery’s path and query to the target’s when asked to, with its leading `from` rewritten', async () => {
    t = await startTestCore({ secret: testSecret, store: location });
    const handler = await target(() => ({ status: 204 }));
    await forwardTo({ target: `${handler.url}/fwd`, appendPath: true, pathRewrite: { from: '/webhooks', to: '/api/hooks' } });
    const { id } = await deliver('/webhooks/demo?source=service');

    const [got] = await handler.received(1);
    expect(got!.url).toBe('/fwd/api/hooks/demo?source=service');
    const [forward] = await forwardsOf(id);
    expect(forward!.url).toBe(`${handler.url}/fwd/api/hooks/demo?source=service`);
  });

  it('reads a setting stored before appending was opt-in without losing it', async () => {
    const dataDir = tempDataDir();
    t = await startTestCore({ dataDir, store: location });
    await t.stop();
    const stored = { enabled: true, target: 'http://localhost:3000/base', pathRewrite: { from: '/webhooks', to: '/api' }, mirrorStatus: false, allowSelfSigned: false };
    await queryStore({ dataDir, location }, "INSERT INTO settings (key, value) VALUES ('forward', ?)", [JSON.stringify(stored)]);
    t = await startTestCore({ dataDir, store: location });
    expect(await t.call('forward.get', {})).toEqual({ ...stored, appendPath: true });
  });

  it('never changes the receiver’s answer when the target fails', async () => {
    t = await startTestCore({ secret: testSecret, store: location });
    const failing = await target(() => ({ status: 500, body: 'handler crashed' }));
    await forwardTo({ target: failing.url });
    const first = await deliver();
    expect(first.answer.status).toBe(200);
    expect((await forwardsOf(first.id))[0]!.response).toMatchObject({ status: 500, body: 'handler crashed' });

    await forwardTo({ target: `http://127.0.0.1:${await unusedPort()}` });
    const second = await deliver();
    expect(second.answer.status).toBe(200);
    const [refused] = await forwardsOf(second.id);
    expect(refused!.response).toBeNull();
    expect(refused!.error).toMatch(/ECONNREFUSED/);
    expect((await t.call('deliveries.get', { id: second.id })).response.status).toBe(200);
  });

  it('answers the sender without waiting for the target', async () => {
    t = await startTestCore({ secret: testSecret, replayLimits: { readTimeoutMs: 20_000 }, store: location });
    const silent = await startSilentServer();
    cleanups.push(() => silent.close());
    await forwardTo({ target: `http://127.0.0.1:${silent.port}` });
    const { answer, id } = await deliver();
    expect(answer.status).toBe(200);
    // The target has not answered (it never will): the forward is still in flight, nothing recorded yet.
    expect((await t.call('replay.list', { deliveryId: id })).items).toEqual([]);
  });

  it('answers with the target’s status when asked to, 502 when the target fails, and stores that answer', async () => {
    t = await startTestCore({ secret: testSecret, store: location });
    const teapot = await target(() => ({ status: 418 }));
    await forwardTo({ target: teapot.url, mirrorStatus: true });
    const mirrored = await deliver();
    expect(mirrored.answer.status).toBe(418);
    expect((await t.call('deliveries.get', { id: mirrored.id })).response).toMatchObject({
      status: 418,
      reason: 'forward: the target answered 418',
    });
    expect((await forwardsOf(mirrored.id))[0]!.response?.status).toBe(418);

    await forwardTo({ target: `http://127.0.0.1:${await unusedPort()}`, mirrorStatus: true });
    const failed = await deliver();
    expect(failed.answer.status).toBe(502);
    const stored = await t.call('deliveries.get', { id: failed.id });
    expect(stored.response.status).toBe(502);
    expect(stored.response.reason).toMatch(/^forward: the target gave no answer \(.*ECONNREFUSED/);
    expect((await forwardsOf(failed.id))[0]!.error).toMatch(/ECONNREFUSED/);
  });
  it('refuses a target that is this receiver under any of its names and address forms', async () => {
    t = await startTestCore({ store: location });
    const port = new URL(t.receiverUrl).port;
    const own = interfaceAddress();
    const forms = ['0.0.0.0', '[::]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '127.1.2.3', '2130706433', 'localhost', '[::1]', ...(own ? [own] : [])];
    for (const host of forms) {
      await expect(forwardTo({ target: `https://${host}:${port}/webhooks`, allowSelfSigned: true }), host).rejects.toThrow(/400.*this receiver/);
    }
  });

  it('refuses to move the receiver onto the forward target’s port (409), and keeps its ports', async () => {
    t = await startTestCore({ store: location });
    const port = await unusedPort();
    await forwardTo({ target: `http://localhost:${port}/webhooks` });
    const before = (await t.call('status.get', {})).ports;
    await expect(t.call('settings.setPorts', { https: before.https, http: port })).rejects.toThrow(
      /409.*the forward target http:\/\/localhost:\d+\/webhooks is this host at that port: .*change the forward target or turn forwarding off first/,
    );
    await expect(t.call('settings.setPorts', { https: port, http: null })).rejects.toThrow(/409.*forward every delivery to itself/);
    expect((await t.call('status.get', {})).ports).toEqual(before);
    // Off, the same move is fine.
    await t.call('forward.set', defaultForwardSettings);
    expect((await t.call('settings.setPorts', { https: before.https, http: port })).ports).toEqual({ https: before.https, http: port });
  });

  it('does not forward to a name that resolves to this receiver when it connects, and records why', async () => {
    const resolver = scriptedResolver({ 'later.test': [['93.184.215.14'], ['127.0.0.1']] });
    t = await startTestCore({ secret: testSecret, store: location, resolveHost: resolver });
    await forwardTo({ target: `https://later.test:${new URL(t.receiverUrl).port}/webhooks`, allowSelfSigned: true });
    const { answer, id } = await deliver();
    expect(answer.status).toBe(200);
    const [forward] = await forwardsOf(id);
    expect(forward).toMatchObject({ kind: 'forward', response: null });
    expect(forward!.error).toBe('not forwarded: the target is this receiver: every forward would arrive and be forwarded again');
    expect((await t.call('deliveries.list', { limit: 10 })).items).toHaveLength(1);
  });

  it('stops a loop through a second inspector: a delivery carrying its own hop is stored, not forwarded again', async () => {
    t = await startTestCore({ secret: testSecret, store: location });
    const second = await startTestCore({ secret: testSecret, store: await storeLocation(engine) });
    cleanups.push(() => second.stop());
    await forwardTo({ target: `${second.receiverUrl}/from-first`, allowSelfSigned: true });
    await second.call('forward.set', { ...defaultForwardSettings, enabled: true, target: `${t.receiverUrl}/from-second`, allowSelfSigned: true });

    const { id } = await deliver();
    const listed = async () => (await t!.call('deliveries.list', { limit: 10 })).items;
    const [bounced] = await until(listed, (items) => items.length >= 2);
    expect(bounced!.path).toBe('/from-second');
    const [skipped] = await forwardsOf(bounced!.id);
    expect(skipped).toMatchObject({ kind: 'forward', response: null });
    expect(skipped!.error).toBe('not forwarded: this inspector forwarded it already (X-Webhook-Inspector-Forwarded), forwarding it again would loop');
    expect((await forwardsOf(id))[0]!.response?.status).toBe(200);

    const atSecond = (await second.call('deliveries.list', { limit: 10 })).items;
    expect(atSecond).toHaveLength(1);
    const hopOf = (headers: ReadonlyArray<readonly [string, string]>) => headers.find(([name]) => name === 'X-Webhook-Inspector-Forwarded')?.[1];
    const firstId = hopOf((await second.call('deliveries.get', { id: atSecond[0]!.id })).headers);
    expect(firstId).toMatch(/^[0-9a-f-]{36}$/);
    // The second inspector writes its forward's record once the first has answered it, a moment after storing it.
    const [sentBack] = (await until(() => second.call('replay.list', { deliveryId: atSecond[0]!.id }), (l) => l.items.length > 0)).items;
    expect(hopOf(sentBack!.request.headers)).toMatch(new RegExp(`^${firstId}, [0-9a-f-]{36}$`));
    expect(hopOf((await t.call('deliveries.get', { id: bounced!.id })).headers)).toBe(hopOf(sentBack!.request.headers));
    expect(await listed()).toHaveLength(2);
  });

  // Every form of the path rule (capture's judgeRequestPath, which the relay shares): a target that decodes twice,
  // drops `;` parameters (Tomcat, Jetty), reads backslashes or an encoded slash as a separator, would leave its base.
  const escaping = [
    '/webhooks/../../../internal-admin/delete-all',
    '/webhooks/%2e%2e/%2E%2E/internal-admin',
    '/webhooks/..%2f..%2finternal-admin',
    '/webhooks/..%5c..%5cinternal-admin',
    '/webhooks/%252e%252e/%252e%252e/x',
    '/webhooks/%25252e%25252e/%25252e%25252e/x',
    '/webhooks/%%32%65%%32%65/%%32%65%%32%65/x',
    '/webhooks/..;/..;/x',
    '/webhooks/%2e%2e;/%2e%2e;/x',
    '/webhooks/.;/..;/..;/x',
    '/webhooks/%2e%2e%5c%2e%2e%5cx',
    '/webhooks/..\\..\\x',
    '/a%2fb/../../x',
    '/webhooks/..%00/..%00/x',
    '/webhooks/%c0%ae%c0%ae/%c0%ae%c0%ae/x',
    '/webhooks/%252525252e%252525252e/x',
  ];

  it('forwards no path that a reading of leaves the target’s base path: 400 with the status mirrored, recorded either way', async () => {
    t = await startTestCore({ secret: testSecret, store: location });
    const handler = await target(() => ({ status: 204 }));
    const sent = signedDelivery(Buffer.from(bodyText(giftCardRecipientBody())), testSecret);
    const forwardsAt = async (path: string) => {
      const status = await postRawPath(t!.receiverUrl, path, sent.body, sent.headers);
      const [stored] = (await t!.call('deliveries.list', { limit: 1 })).items;
      expect(stored!.path).toBe(path);
      const [forward] = await forwardsOf(stored!.id);
      expect(forward, path).toMatchObject({ kind: 'forward', response: null });
      expect(forward!.error).toContain(`not forwarded under the target's base path: ${JSON.stringify(path)}: the path `);
      return { status, stored: await t!.call('deliveries.get', { id: stored!.id }) };
    };
    await forwardTo({ target: `${handler.url}/base`, appendPath: true, mirrorStatus: true });
    for (const path of escaping) {
      const mirrored = await forwardsAt(path);
      expect(mirrored.status, path).toBe(400);
      expect(mirrored.stored.response.status).toBe(400);
    }
    await forwardTo({ target: `${handler.url}/base`, appendPath: true, mirrorStatus: false });
    for (const path of escaping) expect((await forwardsAt(path)).status, path).toBe(200);
    expect(handler.requests).toEqual([]);
  });

  it('forwards a path that stays under the base with its bytes as received, `;` parameters, escapes and dot segments included', async () => {
    t = await startTestCore({ secret: testSecret, store: location });
    const handler = await target(() => ({ status: 204 }));
    const sent = signedDelivery(Buffer.from(bodyText(giftCardRecipientBody())), testSecret);
    await forwardTo({ target: `${handler.url}/base`, appendPath: true });
    const accepted = [
      '/webhooks/a;v=1/order%20123?x=%20&y=;',
      '/webhooks/hooks/./v1/../v2',
      '/webhooks/x/%2E%2e/y',
      '/webhooks/a%2fb',
      '/webhooks/x/%252e%252e',
      '/webhooks/%7E%41\\b',
    ];
    for (const [n, requestLine] of accepted.entries()) {
      expect(await postRawPath(t.receiverUrl, requestLine, sent.body, sent.headers)).toBe(200);
      const [got] = (await handler.received(n + 1)).slice(n);
      expect(got!.url).toBe(`/base${requestLine}`);
      expect(got!.body.equals(sent.body)).toBe(true);
      const [stored] = (await t.call('deliveries.list', { limit: 1 })).items;
      const [forward] = await forwardsOf(stored!.id);
      expect(forward).toMatchObject({ url: `${handler.url}/base${requestLine}`, response: { status: 204 }, error: null });
    }
  });
});
