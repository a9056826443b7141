import { afterAll, describe, expect, it } from 'vitest';
import { giftCardRecipientBody } from '../fixtures/payloads';
import { openTestStore, stopTestPostgres } from '../support/engines';
import { analyzedTraffic } from '../support/realistic-traffic';
import { signedRecord } from '../support/signed-record';

describe('orders, lifecycles and their filter menus on PostgreSQL', () => {
  afterAll(stopTestPostgres);

  it('answer as on SQLite over the same realistic traffic', async () => {
    const [sqlite, postgres] = [await openTestStore('sqlite'), await openTestStore('postgresql')];
    try {
      const traffic = analyzedTraffic(1_500, 5);
      for (const store of [sqlite, postgres]) {
        await Promise.all(traffic.map((record) => store.storeDelivery(record)));
        await store.derived.catchUpAll();
      }
      const answers = async (store: typeof sqlite) => {
        const orders = await store.listOrders(1_000);
        const lifecycles = await store.listLifecycles({}, undefined, 5_000);
        return {
          orders,
          someOrders: await store.listOrders(7),
          order: await store.getOrder(orders[3]!.orderUuid),
          facets: await store.lifecycleFacets(),
          lifecycles,
          failed: await store.listLifecycles({ status: 'failed' }, undefined, 50),
          withFinding: await store.listLifecycles({ finding: (await store.lifecycleFacets()).findings[0]! }, undefined, 50),
          recipient: lifecycles[0]!.recipientKey === null ? null : await store.getRecipient(lifecycles[0]!.recipientKey),
          groups: await store.listDuplicateGroups(undefined, 100),
          evidence: await store.deliveryIdEvidence(),
          facetsOfDeliveries: await store.deliveryFacets(),
          page: await store.listDeliveries({ filter: { event: 'payout.processing' }, limit: 20 }),
        };
      };
      const onSqlite = await answers(sqlite);
      expect(onSqlite.orders.length).toBeGreaterThan(10);
      expect(onSqlite.facets.findings.length).toBeGreaterThan(0);
      expect(onSqlite.groups.total).toBeGreaterThan(0);
      expect(await answers(postgres)).toEqual(onSqlite);
    } finally {
      await Promise.all([sqlite.close(), postgres.close()]);
    }
  });

  // A gift card's idempotency key names no order (event, subject type, recipient, time), so one key can come in two
  // orders' lifecycles: a copy is a copy of an event of its own lifecycle, whichever lifecycle had the key first.
  it.each([
    ['derived in one batch', false],
    ['derived one delivery at a time', true],
  ])("count a key's copies in the lifecycle they came in when its first copy went to another (%s)", async (_, oneAtATime) => {
    const [sqlite, postgres] = [await openTestStore('sqlite'), await openTestStore('postgresql')];
    try {
      const inOrder = (order: string, overrides: Record<string, unknown> = {}) =>
        giftCardRecipientBody({ payout_order_uuid: order, ...overrides });
      const first = '11111111-1111-4111-8111-111111111111';
      const second = '22222222-2222-4222-8222-222222222222';
      const records = [
        inOrder(first),
        inOrder(second),
        inOrder(second),
        inOrder(second, { event: 'payout.status_changed', status: 'viewed', updated_at: '2026-03-02T11:00:00Z', viewed_at: '2026-03-02T11:00:00Z' }),
        inOrder(first),
      ].map(signedRecord);
      for (const store of [sqlite, postgres]) {
        for (const record of records) {
          await store.storeDelivery(record);
          if (oneAtATime) await store.derived.catchUpAll();
        }
        await store.derived.catchUpAll();
      }
      const answers = async (store: typeof sqlite) => {
        const lifecycles = await store.listLifecycles({}, undefined, 10);
        return {
          counts: Object.fromEntries(lifecycles.map((l) => [l.orderUuid, { events: l.eventCount, deliveries: l.deliveryCount }])),
          lifecycles,
          groups: await store.listDuplicateGroups(undefined, 10),
        };
      };
      const onSqlite = await answers(sqlite);
      expect(onSqlite.counts).toEqual({ [first]: { events: 1, deliveries: 2 }, [second]: { events: 2, deliveries: 3 } });
      expect(await answers(postgres)).toEqual(onSqlite);
    } finally {
      await Promise.all([sqlite.close(), postgres.close()]);
    }
  });
});
