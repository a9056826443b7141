import { afterEach, expect, it } from 'vitest';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import { createdOrders } from '../../src/main/core/store/common/created-orders';
import type { InspectorStore } from '../../src/main/core/store/inspector-store';
import { bodyText, formAQuoteCreated, formBBody, giftCardRecipientBody, ids } from '../fixtures/payloads';
import { describeEachEngine, openTestStore } from '../support/engines';

/** A delivery as the receiver records it, from a body. */
function received(body: Record<string, unknown>, at: number) {
  const bytes = Buffer.from(bodyText(body), 'utf8');
  return buildDeliveryRecord(
    { method: 'POST', path: '/webhooks', query: '', headers: [['Content-Type', 'application/json'], ['X-Service-Event', String(body.event)]], body: bytes, bodyTruncated: false },
    { receivedAt: at, remoteAddress: '127.0.0.1', tls: true, imported: false },
    null,
    () => ({ status: 200, body: '{}', reason: 'test' }),
  );
}

/** A Form A send of the fixtures' order, for one recipient. */
const sendOf = (email: string, sendId: string) => ({ ...formAQuoteCreated(), recipient_email: email, external_send_id: sendId }) as Record<string, unknown>;

describeEachEngine('an order created with recipients no event names', (engine) => {
  let store: InspectorStore | null = null;
  afterEach(async () => {
    await store?.close();
    store = null;
  });

  async function storeOf(records: Array<Record<string, unknown>>, createdWith: Record<string, number>) {
    store = await openTestStore(engine);
    for (const [uuid, recipients] of Object.entries(createdWith)) createdOrders(store.settings).remember(uuid, recipients);
    await Promise.all(records.map((body, i) => store!.storeDelivery(received(body, Date.UTC(2026, 2, 2, 9, 0, i)))));
    await store.derived.catchUpAll();
    return store;
  }

  it('says they were not heard from while no Form B send arrived, and only not named once Form B sends did', async () => {
    const crypto = await storeOf([sendOf('ada@example.com', '9001'), sendOf('bob@example.com', '9002')], { [ids.payoutOrder]: 4 });
    const before = await crypto.listOrders(10);
    expect(before.find((o) => o.orderUuid === ids.payoutOrder)).toMatchObject({ recipients: 2, createdRecipients: 4, unnamedRecipients: 2, unheardRecipients: 2 });

    await crypto.storeDelivery(received(formBBody('payout.processing'), Date.UTC(2026, 2, 2, 9, 1)));
    await crypto.derived.catchUpAll();
    expect((await crypto.getOrder(ids.payoutOrder))!.summary).toMatchObject({ unnamedRecipients: 2, unheardRecipients: 1, allTerminal: false });

    const second = { ...formBBody('payout.processing'), data: { ...(formBBody().data as Record<string, unknown>), id: 424242 } };
    await crypto.storeDelivery(received(second, Date.UTC(2026, 2, 2, 9, 2)));
    await crypto.derived.catchUpAll();
    const listed = (await crypto.listOrders(10)).find((o) => o.orderUuid === ids.payoutOrder)!;
    expect(listed).toMatchObject({ unnamedRecipients: 2, unheardRecipients: 0, allTerminal: false });
    expect((await crypto.getOrder(ids.payoutOrder))!.summary).toEqual(listed);
  });

  it('counts no Form B send toward a gift-card order, which has none', async () => {
    const body = giftCardRecipientBody() as Record<string, unknown>;
    const gift = await storeOf([body, formBBody('payout.processing')], { [String(body.payout_order_uuid)]: 3 });
    expect((await gift.getOrder(String(body.payout_order_uuid)))!.summary).toMatchObject({ recipients: 1, unnamedRecipients: 2, unheardRecipients: 2 });
  });
});
