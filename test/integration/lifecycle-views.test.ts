import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectorStore } from '../../src/main/core/store/inspector-store';
import { getOrder, lifecycleFacets, listOrders } from '../../src/main/core/store/sqlite/lifecycle-views';
import { openStore } from '../../src/main/core/store/sqlite/open';
import { analyzedTraffic, storeInBulk } from '../support/realistic-traffic';
import { describeEachEngine, openTestStore } from '../support/engines';
import { tempDataDir } from '../support/temp-dir';

// The CLI import's bulk loader writes SQLite only.
describe('order list and lifecycle filter menus over realistic traffic, stored by the bulk loader', () => {
  const db = openStore(join(tempDataDir(), 'inspector.sqlite3'));
  beforeAll(() => storeInBulk(db, analyzedTraffic(4_000, 5), 500));

  it('lists the orders with the latest activity first, as grouping every lifecycle does', () => {
    const grouped = (limit: number) =>
      db
        .prepare(
          `SELECT order_uuid FROM lifecycles WHERE order_uuid IS NOT NULL
           GROUP BY order_uuid ORDER BY max(last_delivery_id) DESC LIMIT ?`,
        )
        .pluck()
        .all(limit);
    const allOrders = grouped(10_000).length;
    expect(allOrders).toBeGreaterThan(30);
    for (const limit of [1, 7, 30, allOrders + 5]) {
      const listed = listOrders(db, limit);
      expect(listed.map((o) => o.orderUuid)).toEqual(grouped(limit));
      expect(listed).toEqual(listed.map((o) => getOrder(db, o.orderUuid)!.summary));
    }
    expect(lifecycleFacets(db).orders).toEqual(grouped(500));
  });

  it('offers every status and finding code in use, as a pass over every lifecycle finds them', () => {
    const facets = lifecycleFacets(db);
    const statuses = db
      .prepare('SELECT DISTINCT current_status FROM lifecycles NOT INDEXED WHERE current_status IS NOT NULL ORDER BY 1')
      .pluck()
      .all();
    const findings = db
      .prepare("SELECT DISTINCT value FROM lifecycles NOT INDEXED, json_each(lifecycles.finding_codes) WHERE finding_codes <> '[]' ORDER BY 1")
      .pluck()
      .all();
    expect(statuses.length).toBeGreaterThan(3);
    expect(findings.length).toBeGreaterThan(0);
    expect(facets.statuses).toEqual(statuses);
    expect(facets.findings).toEqual(findings);
  });
});

describeEachEngine('order list and lifecycle filter menus over realistic traffic', (engine) => {
  let store: InspectorStore;
  beforeAll(async () => {
    store = await openTestStore(engine);
    await Promise.all(analyzedTraffic(2_000, 5).map((record) => store.storeDelivery(record)));
    await store.derived.catchUpAll();
  });
  afterAll(() => store.close());
  const everyLifecycle = () => store.listLifecycles({}, undefined, 100_000);

  it('lists the orders with the latest activity first, as grouping every lifecycle does', async () => {
    const latestOfOrder = new Map<string, number>();
    for (const { orderUuid, lastDeliveryId } of await everyLifecycle()) {
      if (orderUuid !== null) latestOfOrder.set(orderUuid, Math.max(latestOfOrder.get(orderUuid) ?? 0, lastDeliveryId));
    }
    const grouped = [...latestOfOrder].sort((a, b) => b[1] - a[1]).map(([order]) => order);
    expect(grouped.length).toBeGreaterThan(30);
    for (const limit of [1, 7, 30, grouped.length + 5]) {
      const listed = await store.listOrders(limit);
      expect(listed.map((o) => o.orderUuid)).toEqual(grouped.slice(0, limit));
      for (const order of listed) expect((await store.getOrder(order.orderUuid))!.summary).toEqual(order);
    }
    expect((await store.lifecycleFacets()).orders).toEqual(grouped.slice(0, 500));
  });

  it('offers every status and finding code in use, as a pass over every lifecycle finds them', async () => {
    const lifecycles = await everyLifecycle();
    const distinct = (values: Array<string | null>) => [...new Set(values.filter((v) => v !== null))].sort();
    const statuses = distinct(lifecycles.map((l) => l.currentStatus));
    const findings = distinct(lifecycles.flatMap((l) => l.findingCodes));
    expect(statuses.length).toBeGreaterThan(3);
    expect(findings.length).toBeGreaterThan(0);
    const facets = await store.lifecycleFacets();
    expect(facets.statuses).toEqual(statuses);
    expect(facets.findings).toEqual(findings);
  });
});
