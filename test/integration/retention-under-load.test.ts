import { afterEach, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { testSecret } from '../support/deliveries';
import { describeEachEngine, storeLocation } from '../support/engines';
import { numberedBody, SignedLoad } from '../support/signed-load';
import { until } from '../support/until';

describeEachEngine('retention while receiving', (engine) => {
  let t: TestCore | null = null;
  afterEach(async () => {
    await t?.stop();
    t = null;
  });

  it('prunes to the size limit while deliveries arrive over HTTPS: every one answered 2xx, the newest that fit all kept', async () => {
    // About 150 deliveries' worth (a body, its headers as stored).
    const keepBytes = 150 * (numberedBody(0).length + 450);
    t = await startTestCore({ secret: testSecret, store: await storeLocation(engine), retention: { keepDays: null, keepBytes } });
    const outcome = await new SignedLoad({ url: `${t.receiverUrl}/webhooks`, ratePerSecond: 150, connections: 4, count: 750 }).start().done();

    expect(outcome.statuses).toEqual({ 200: 750 });
    expect(outcome.failures).toEqual({});
    const status = await until(
      () => t!.call('status.get', {}),
      (s) => s.retention.kept.bytes <= keepBytes && s.retention.pruned.count > 0,
    );
    const { retention } = status;
    expect(retention).toMatchObject({ setBy: 'command_line', limits: { keepDays: null, keepBytes } });
    expect(retention.kept.deliveries + retention.pruned.count).toBe(750);
    expect(retention.pruned.lastAt).not.toBeNull();

    const listed = await t.call('deliveries.list', { limit: 500 });
    expect(listed.total).toBe(retention.kept.deliveries);
    const kept = await Promise.all(listed.items.map((item) => t!.call('deliveries.get', { id: item.id })));
    const sizes = kept.map((d) => d.bodySize + Buffer.byteLength(JSON.stringify(d.headers)));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(retention.kept.bytes);
    // Not pruned past the limit: one more delivery of the largest size would not have fitted.
    expect(retention.kept.bytes + Math.max(...sizes)).toBeGreaterThan(keepBytes);
    // The newest acknowledged (in the order sent, give or take the 4 connections' interleaving) are all there.
    const keptHashes = new Set(kept.map((d) => d.bodySha256));
    const newest = outcome.acknowledged.slice(-(retention.kept.deliveries - 8));
    expect(newest.filter((hash) => !keptHashes.has(hash))).toEqual([]);
    // The derived views agree with what is kept: no lifecycle names a pruned delivery.
    const lifecycles = await t.call('lifecycles.list', {});
    const oldestKept = Math.min(...kept.map((d) => d.id));
    expect(lifecycles.items.every((l) => l.lastDeliveryId >= oldestKept)).toBe(true);
  });
});
