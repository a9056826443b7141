import { describe, expect, it } from 'vitest';
import { WebhookDispatcher, type DispatchEventView } from 'payout-simulator/internal/dispatcher/index';
import { SimAccount } from 'payout-simulator/internal/model';
import { orderFor } from './orders';

// A plain-http callback is refused without a socket, so these run without a network.
const refusedUrl = 'http://127.0.0.1:9/webhooks';

function dispatcher(options: Partial<ConstructorParameters<typeof WebhookDispatcher>[0]> = {}) {
  return new WebhookDispatcher({ account: new SimAccount('t', 'whsec_x'), unknownEventRate: 0, duplicateRate: 0, ...options });
}

describe('dispatcher state', () => {
  it('reports every event with its order, recipient and status, and calls onChange', async () => {
    const changes: DispatchEventView[] = [];
    const d = dispatcher({ onChange: (view) => changes.push(view) });
    const order = { ...orderFor('crypto_failed', 1, 2), callback_url: refusedUrl };
    d.orderCreated(order);
    const { events, counts } = d.state();
    expect(events.length).toBeGreaterThan(2);
    expect(counts).toEqual({ pending: 0, delivered: 0, abandoned: events.length, failed_permanently: 0 });
    expect(events[0]).toMatchObject({ orderUuid: order.uuid, callbackUrl: null, attempts: [], note: expect.stringMatching(/HTTPS/) });
    expect(events[0]!.recipientEmail).toMatch(/^recipient[01]@example.com$/);
    expect(changes.map((c) => c.id)).toEqual(events.map((e) => e.id));
    expect(d.eventBody(events[0]!.id)).toContain('"event":"payout.quote_created"');
    await d.close();
  });

  it('fires nothing for an order without callback_url', async () => {
    const d = dispatcher();
    d.orderCreated({ ...orderFor('gift_card_redeemed', 1), callback_url: null });
    expect(d.state().events).toEqual([]);
    await d.idle();
    await d.close();
  });

  it('keeps memory bounded: past maxEvents the oldest finished events are forgotten', async () => {
    const d = dispatcher({ maxEvents: 10 });
    for (let seed = 1; seed <= 5; seed++) {
      d.orderCreated({ ...orderFor('crypto_same_currency_completed', seed, 2), callback_url: refusedUrl });
    }
    const ids = d.state().events.map((e) => e.id);
    expect(ids).toHaveLength(10);
    expect(ids[0]).toBe(21);
    await d.close();
  });

  it('applies faults switched on later to orders created afterwards only', async () => {
    const d = dispatcher();
    d.orderCreated({ ...orderFor('gift_card_redeemed', 1, 1), callback_url: refusedUrl });
    d.configure({ faults: { leaked_card_pin: true, wrong_signature: true } });
    d.orderCreated({ ...orderFor('gift_card_redeemed', 2, 1), callback_url: refusedUrl });
    const faultsByOrder = new Map(d.state().events.map((e) => [e.orderUuid, e.faults]));
    expect([...faultsByOrder.values()]).toEqual([[], ['leaked_card_pin', 'wrong_signature']]);
    await d.close();
  });
});
