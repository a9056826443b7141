import { afterEach, expect, it } from 'vitest';
import { benchSecret, generateDeliveries, type GeneratedDelivery } from '../../bench/generate';
import type { DeliveryDetail } from '../../src/shared/delivery';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { describeEachEngine, storeLocation } from '../support/engines';
import { post } from '../support/https-client';

/**
 * Reads while a load is being stored and derived (issue: a detail read answered 500 while 30,000 deliveries
 * arrived). Every delivery is read the moment its 2xx arrives, with everything its detail links to (its lifecycle,
 * its recipient, its order, the duplicate groups); meanwhile another reader follows the newest rows of the list and
 * opens each, as the Deliveries view does, which catches rows committed a moment ago. None may fail.
 */

const deliveries = 300;
const senders = 16;

/** The request's headers as sent, without those the client sets itself. */
function headersOf(delivery: GeneratedDelivery): Record<string, string> {
  const skipped = new Set(['host', 'connection', 'content-length']);
  return Object.fromEntries(delivery.raw.headers.filter(([name]) => !skipped.has(name.toLowerCase())));
}

describeEachEngine('reads while deliveries are stored and derived', (engine) => {
  let t: TestCore | null = null;
  afterEach(async () => {
    await t?.stop();
    t = null;
  });

  it('answers every stored delivery, and what its detail links to, at once after its 2xx', { timeout: 240_000 }, async () => {
    t = await startTestCore({ secret: benchSecret, store: await storeLocation(engine) });
    const core = t;
    const failures: string[] = [];
    const attempt = async <T>(what: string, read: () => Promise<T>): Promise<T | null> => {
      try {
        return await read();
      } catch (error) {
        failures.push(`${what}: ${(error as Error).message}`);
        return null;
      }
    };

    const posts = [...generateDeliveries(deliveries, 41)].filter((d) => d.raw.method === 'POST');
    const stored: number[] = [];
    let next = 0;
    const sender = async () => {
      while (next < posts.length) {
        const delivery = posts[next++]!;
        const url = `${core.receiverUrl}${delivery.raw.path}${delivery.raw.query ? `?${delivery.raw.query}` : ''}`;
        const answer = await post(url, Buffer.from(delivery.raw.body), headersOf(delivery));
        const id = Number(answer.headers['x-inspector-delivery-id']);
        expect(answer.status, answer.body).toBeLessThan(500);
        stored.push(id);
        const detail = await attempt(`deliveries.get ${id}`, () => core.call('deliveries.get', { id }));
        if (detail === null) continue;
        expect(detail.id).toBe(id);
        await readLinked(detail);
      }
    };
    const readLinked = async (detail: DeliveryDetail) => {
      if (detail.lifecycleKey !== null) {
        const lifecycle = await attempt(`lifecycles.get ${detail.lifecycleKey}`, () => core.call('lifecycles.get', { key: detail.lifecycleKey! }));
        if (lifecycle !== null) expect(lifecycle.key).toBe(detail.lifecycleKey);
      }
      if (detail.recipientKey !== null) {
        await attempt(`recipients.get ${detail.recipientKey}`, () => core.call('recipients.get', { recipientKey: detail.recipientKey! }));
      }
      if (detail.orderUuid !== null) {
        await attempt(`orders.get ${detail.orderUuid}`, () => core.call('orders.get', { orderUuid: detail.orderUuid! }));
      }
      if (detail.duplicateCount > 1) await attempt('duplicates.list', () => core.call('duplicates.list', { limit: 20 }));
    };

    // The list's newest rows, each opened as soon as it is listed.
    let sending = true;
    const opened = new Set<number>();
    const follower = async () => {
      while (sending) {
        const page = await attempt('deliveries.list', () => core.call('deliveries.list', { filter: {}, limit: 20 }));
        for (const item of page?.items ?? []) {
          if (opened.has(item.id)) continue;
          opened.add(item.id);
          const detail = await attempt(`deliveries.get ${item.id} (listed)`, () => core.call('deliveries.get', { id: item.id }));
          if (detail !== null) expect(detail.duplicateCount).toBeGreaterThanOrEqual(1);
        }
      }
    };

    const following = follower();
    await Promise.all(Array.from({ length: senders }, sender));
    sending = false;
    await following;

    expect(failures).toEqual([]);
    expect(stored).toHaveLength(posts.length);
    expect(new Set(stored).size).toBe(posts.length);
    expect(opened.size).toBeGreaterThan(0);
  });
});
