import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { bodyText, formALifecycle, giftCardRecipientBody, ids, signedDelivery } from '../fixtures/payloads';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { testSecret } from '../support/deliveries';
import { describeEachEngine, storeLocation } from '../support/engines';
import { post } from '../support/https-client';
import { startTarget, type ReplayTarget } from '../support/replay-target';

describeEachEngine('replaying many deliveries', (engine) => {
  let t: TestCore;
  let handler: ReplayTarget;
  /** sha256 of each stored delivery's body, by id. */
  const shaOf = new Map<number, string>();

  beforeEach(async () => {
    t = await startTestCore({ secret: testSecret, store: await storeLocation(engine) });
    // The handler takes the first copy of an event and refuses the later ones.
    const seen = new Set<string>();
    handler = await startTarget((request) => {
      const fresh = !seen.has(request.sha256);
      seen.add(request.sha256);
      return { status: fresh ? 200 : 409 };
    });
    shaOf.clear();
  });
  afterEach(async () => {
    await t.stop();
    await handler.close();
  });

  const receive = async (body: unknown) => {
    const delivery = signedDelivery(Buffer.from(bodyText(body)), testSecret, { deliveryId: randomUUID() });
    const answer = await post(`${t.receiverUrl}/webhooks`, delivery.body, delivery.headers);
    const id = Number(answer.headers['x-inspector-delivery-id']);
    shaOf.set(id, (await t.call('deliveries.get', { id })).bodySha256);
    return id;
  };
  const shas = (deliveryIds: number[]) => deliveryIds.map((id) => shaOf.get(id));
  const receivedShas = () => handler.requests.map((r) => r.sha256);

  /** A crypto send posted out of order, with the status change delivered twice. */
  const postLifecycleOutOfOrder = async () => {
    const [created, processing, completed, followUp] = formALifecycle();
    const followUpId = await receive(followUp);
    const processingId = await receive(processing);
    const createdId = await receive(created);
    const completedId = await receive(completed);
    const processingAgainId = await receive(processing);
    return { createdId, processingId, processingAgainId, completedId, followUpId };
  };
  const lifecycle = { lifecycleKey: `send:${ids.externalSendId}` };

  it('sends a lifecycle in event-time order, one after the other, and sums up the answers', async () => {
    const l = await postLifecycleOutOfOrder();
    const batch = await t.call('replay.many', { url: handler.url, selection: lifecycle, order: 'event_time' });

    const expected = [l.createdId, l.processingId, l.processingAgainId, l.completedId, l.followUpId];
    expect(batch.replays.map((r) => r.deliveryId)).toEqual(expected);
    expect(receivedShas()).toEqual(shas(expected));
    expect(batch.answers).toEqual({ '200': 4, '409': 1 });
    expect(new Set(batch.replays.map((r) => r.batchId))).toEqual(new Set([batch.batchId]));
    const listed = await t.call('replay.list', { deliveryId: l.createdId });
    expect(listed.items).toEqual([batch.replays[0]]);
  });

  it('sends in arrival order', async () => {
    const l = await postLifecycleOutOfOrder();
    const batch = await t.call('replay.many', { url: handler.url, selection: lifecycle, order: 'arrival' });
    const arrival = [l.followUpId, l.processingId, l.createdId, l.completedId, l.processingAgainId];
    expect(batch.replays.map((r) => r.deliveryId)).toEqual(arrival);
    expect(receivedShas()).toEqual(shas(arrival));
  });

  it('shuffles the same way for the same seed', async () => {
    const l = await postLifecycleOutOfOrder();
    const all = Object.values(l).sort((a, b) => a - b);
    const shuffled = async (seed: number) =>
      (await t.call('replay.many', { url: handler.url, selection: lifecycle, order: 'shuffled', seed })).replays.map((r) => r.deliveryId);

    const first = await shuffled(42);
    expect([...first].sort((a, b) => a - b)).toEqual(all);
    expect(await shuffled(42)).toEqual(first);
    const others = await Promise.all([1, 2, 3, 4].map((seed) => shuffled(seed)));
    expect(others.some((order) => order.join() !== first.join())).toBe(true);
  });

  it('sends each delivery twice in a row, in event-time order', async () => {
    const l = await postLifecycleOutOfOrder();
    const batch = await t.call('replay.many', { url: handler.url, selection: lifecycle, order: 'twice' });
    const once = [l.createdId, l.processingId, l.processingAgainId, l.completedId, l.followUpId];
    expect(batch.replays.map((r) => r.deliveryId)).toEqual(once.flatMap((id) => [id, id]));
    expect(batch.answers).toEqual({ '200': 4, '409': 6 });
  });

  it('orders a plain selection by each delivery’s event time, then by arrival', async () => {
    const late = await receive(giftCardRecipientBody({ updated_at: '2026-03-02T10:20:00Z', status: 'viewed' }));
    // 10:16 at +01:00 is 09:16Z: the earliest, whatever its text says.
    const early = await receive(giftCardRecipientBody({ updated_at: '2026-03-02T10:16:00+01:00', status: 'sent' }));
    const middle = await receive(giftCardRecipientBody({ updated_at: '2026-03-02T10:00:00Z', status: 'sent' }));
    const middleTie = await receive(giftCardRecipientBody({ updated_at: '2026-03-02T10:00:00Z', status: 'viewed' }));
    const batch = await t.call('replay.many', {
      url: handler.url,
      selection: { deliveryIds: [late, middleTie, early, middle] },
    });
    expect(batch.replays.map((r) => r.deliveryId)).toEqual([early, middle, middleTie, late]);
  });

  it('replays a duplicate group: every copy of one event', async () => {
    const body = giftCardRecipientBody();
    const first = await receive(body);
    const second = await receive(body);
    await receive(giftCardRecipientBody({ status: 'viewed', updated_at: '2026-03-02T11:00:00Z' }));
    const { idempotencyKey } = await t.call('deliveries.get', { id: first });
    const batch = await t.call('replay.many', { url: handler.url, selection: { idempotencyKey: idempotencyKey! }, order: 'arrival' });
    expect(batch.replays.map((r) => r.deliveryId)).toEqual([first, second]);
    expect(batch.answers).toEqual({ '200': 1, '409': 1 });
  });

  it('answers 404 when nothing matches the selection', async () => {
    await expect(t.call('replay.many', { url: handler.url, selection: { lifecycleKey: 'send:none' } })).rejects.toThrow(/404/);
  });
});
