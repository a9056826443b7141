import { afterAll, describe, expect, it } from 'vitest';
import { openTestStore, stopTestPostgres } from '../support/engines';
import { analyzedTraffic } from '../support/realistic-traffic';

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
});
