import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import type { InspectorStore } from '../../src/main/core/store/inspector-store';
import { listedCopiesLimit } from '../../src/shared/delivery';
import type { Lifecycle } from '../../src/shared/lifecycle';
import { formAQuoteCreated, formAStatusChanged, formATerminalCompleted, ids, signedDelivery } from '../fixtures/payloads';
import { testSecret } from '../support/deliveries';
import { describeEachEngine, openTestStore, queryStore, storeLocation } from '../support/engines';
import { analyzedTraffic } from '../support/realistic-traffic';
import { tempDataDir } from '../support/temp-dir';

/**
 * A lifecycle's view (`lifecycles.get`) lists each event's first copies and counts them all, rebuilt from the events'
 * first deliveries: whatever the traffic, it is the rebuild from every delivery with each event's list cut there.
 */

const recordOf = (body: unknown, deliveryId = 'd-1') => {
  const delivery = signedDelivery(body as never, testSecret, { deliveryId });
  return buildDeliveryRecord(
    { method: 'POST', path: '/hook', query: '', headers: Object.entries(delivery.headers), body: delivery.body, bodyTruncated: false },
    { receivedAt: Date.now(), remoteAddress: '127.0.0.1', tls: true, imported: false },
    testSecret,
    () => ({ status: 200, body: '{}', reason: 'test' }),
  );
};

/** The rebuild from every delivery (`loadLifecycle`, as exports and replays read it) as a view lists it. */
function listedAsAView(lifecycle: Lifecycle | null): Lifecycle | null {
  if (lifecycle === null) return null;
  return {
    ...lifecycle,
    events: lifecycle.events.map((event) => ({ ...event, deliveryIds: event.deliveryIds.slice(0, listedCopiesLimit), copyCount: event.deliveryIds.length })),
  };
}

async function everyLifecycleKey(store: InspectorStore): Promise<string[]> {
  const keys: string[] = [];
  for (let batch = await store.lifecycleKeys('', 500); batch.length > 0; batch = await store.lifecycleKeys(batch.at(-1)!, 500)) keys.push(...batch);
  return keys;
}

async function expectViewsAsRebuilt(store: InspectorStore): Promise<number> {
  const keys = await everyLifecycleKey(store);
  for (const key of keys) expect(await store.viewLifecycle(key)).toEqual(listedAsAView(await store.loadLifecycle(key)));
  return keys.length;
}

describeEachEngine("a lifecycle's view", (engine) => {
  let store: InspectorStore | null = null;
  let where: { dataDir: string; location: string | undefined };
  afterEach(async () => {
    await store?.close();
    store = null;
  });
  const open = async () => {
    where = { dataDir: tempDataDir(), location: await storeLocation(engine) };
    store = await openTestStore(engine, where.location ?? join(where.dataDir, 'inspector.sqlite3'));
    return store;
  };

  it('lists the first copies of a storm of one event and counts them all, before and after they are derived', async () => {
    const s = await open();
    const key = `send:${ids.externalSendId}`;
    const total = listedCopiesLimit + 40;
    const storm: number[] = [];
    await s.storeDelivery(recordOf(formAQuoteCreated()));
    for (let copy = 0; copy < total; copy++) storm.push(await s.storeDelivery(recordOf(formAStatusChanged(), copy % 3 === 0 ? 'd-2' : 'd-1')));
    const terminal = await s.storeDelivery(recordOf(formATerminalCompleted()));
    await s.derived.catchUpAll();

    const view = await s.viewLifecycle(key);
    const processing = view!.events.find((event) => event.event === 'payout.status_changed')!;
    expect(processing.deliveryIds).toEqual(storm.slice(0, listedCopiesLimit));
    expect(processing.copyCount).toBe(total);
    expect(view!.events.map((event) => event.copyCount)).toEqual([1, total, 1]);
    expect(view).toEqual(listedAsAView(await s.loadLifecycle(key)));

    // Its summary as it was before the terminal event and the last copies were derived: those stored since are
    // read as they are, and counted.
    const [row] = await queryStore(where, 'SELECT event_facts FROM lifecycles WHERE key = ?', [key]);
    const derivedFacts = JSON.parse(String(row!.event_facts)) as unknown[];
    await queryStore(where, 'UPDATE lifecycles SET event_facts = ?, last_delivery_id = ? WHERE key = ?', [
      JSON.stringify(derivedFacts.slice(0, -1)),
      storm[total - 10],
      key,
    ]);
    expect(await s.viewLifecycle(key)).toEqual(view);
    // Without a summary (nothing derived yet), or one from before its events' facts were kept: the same.
    await queryStore(where, 'UPDATE lifecycles SET event_facts = NULL WHERE key = ?', [key]);
    expect(await s.viewLifecycle(key)).toEqual(view);
    await queryStore(where, 'DELETE FROM lifecycles WHERE key = ?', [key]);
    expect(await s.viewLifecycle(key)).toEqual(view);
    expect(terminal).toBe(storm.at(-1)! + 1);
    expect(await s.viewLifecycle('send:none')).toBeNull();
  });

  it('is the rebuild from every delivery for realistic traffic, derived or not yet', async () => {
    const s = await open();
    const traffic = analyzedTraffic(900, 11);
    for (const record of traffic.slice(0, 600)) await s.storeDelivery(record);
    await s.derived.catchUpAll();
    expect(await expectViewsAsRebuilt(s)).toBeGreaterThan(50);
    // Stored after the summaries were derived: compared at once, however far the derivation has come since.
    for (const record of traffic.slice(600)) await s.storeDelivery(record);
    await expectViewsAsRebuilt(s);
    await s.derived.catchUpAll();
    await expectViewsAsRebuilt(s);
  }, 120_000);
});
