import { afterEach, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { describeEachEngine, storeLocation } from '../support/engines';
import { subscribe } from '../support/event-subscription';
import { post } from '../support/https-client';
import { until } from '../support/until';

describeEachEngine('the stored count on deliveries.changed', (engine) => {
  let t: TestCore | null = null;
  afterEach(async () => {
    await t?.stop();
    t = null;
  });

  it('carries what the store keeps as of each commit, as status.get says it', async () => {
    t = await startTestCore({ store: await storeLocation(engine) });
    const commits = await subscribe(t, 'deliveries.changed');
    for (let sent = 1; sent <= 3; sent++) {
      const body = giftCardBody();
      const answer = await post(`${t.receiverUrl}/webhooks`, body, serviceHeaders(body));
      expect(answer.status).toBe(200);
      const id = Number(answer.headers['x-inspector-delivery-id']);
      const event = (await until(async () => commits.received, (r) => r.some((c) => c.latestId === id))).find((c) => c.latestId === id)!;
      const { retention, deliveryCount } = await t.call('status.get', {});
      expect(event.stored).toEqual(retention.kept);
      expect(event.stored.deliveries).toBe(sent);
      expect(deliveryCount).toBe(sent);
    }
    commits.stop();
  });
});
