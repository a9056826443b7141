import { createServer, type AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { defaultForwardSettings, type ForwardSettings } from '../../src/shared/replay';
import { giftCardRecipientBody, signedDelivery, bodyText } from '../fixtures/payloads';
import { startTestCore, tempDataDir, type TestCore } from '../support/core-fixture';
import { testSecret } from '../support/deliveries';
import { describeEachEngine, queryStore, storeLocation } from '../support/engines';
import { post } from '../support/https-client';
import { startSilentServer, startTarget, type ReplayTarget } from '../support/replay-target';
import { until } from '../support/until';

/** A port nothing listens on: connecting is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
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
      10_000,
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

    await forwardTo({ target: `http://127.0.0.1:${await closedPort()}` });
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

    await forwardTo({ target: `http://127.0.0.1:${await closedPort()}`, mirrorStatus: true });
    const failed = await deliver();
    expect(failed.answer.status).toBe(502);
    const stored = await t.call('deliveries.get', { id: failed.id });
    expect(stored.response.status).toBe(502);
    expect(stored.response.reason).toMatch(/^forward: the target gave no answer \(.*ECONNREFUSED/);
    expect((await forwardsOf(failed.id))[0]!.error).toMatch(/ECONNREFUSED/);
  });
});
