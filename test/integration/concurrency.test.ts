import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { describeEachEngine, queryStore, storeLocation } from '../support/engines';
import { subscribe } from '../support/event-subscription';
import { post } from '../support/https-client';
import { until } from '../support/until';

describeEachEngine('concurrent copies of one delivery', (engine) => {
  let t: TestCore | null = null;
  afterEach(async () => {
    await t?.stop();
    t = null;
  });

  it('stores all 100 copies sent at once, each acknowledged, in one duplicate group with one key', async () => {
    const location = await storeLocation(engine);
    t = await startTestCore({ secret: testSecret, store: location });
    const recipient = randomUUID();
    const body = giftCardBody({ recipient_uuid: recipient });
    // One set of headers for every copy: the same signature, timestamp and X-Service-Delivery (spec 2.1).
    const headers = serviceHeaders(body);
    const deliveryId = headers['X-Service-Delivery']!;
    const url = `${t.receiverUrl}/webhooks`;

    // Each copy on its own connection, all in flight together.
    const commits = await subscribe(t, 'deliveries.changed');
    const answers = await Promise.all(Array.from({ length: 100 }, () => post(url, body, headers)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const ids = answers.map((a) => Number(a.headers['x-inspector-delivery-id'])).sort((a, b) => a - b);
    expect(new Set(ids).size).toBe(100);
    // Their commits are told on the event stream (one event a group commit, however many copies it took; on
    // PostgreSQL's writer thread the copies of one turn cross together), the last copy's among them.
    await until(async () => commits.received, (r) => r.some((c) => c.latestId === ids[99]), 10_000);
    commits.stop();
    expect(commits.received.at(-1)!.latestId).toBe(ids[99]);

    // What the Duplicates view shows: one group, one key (spec 6 rule 4, gift cards), every copy in it.
    // (Waits while the derived tables catch up with the committed rows, should they lag.)
    const key = `payout.processing|recipient|${recipient}|2026-03-02T10:15:30Z`;
    const duplicates = await until(
      () => t!.call('duplicates.list', {}),
      (d) => d.items[0]?.count === 100,
      10_000,
    );
    expect(duplicates.total).toBe(1);
    expect(duplicates.items).toHaveLength(1);
    const group = duplicates.items[0]!;
    expect(group).toMatchObject({
      idempotencyKey: key,
      count: 100,
      firstId: ids[0],
      lastId: ids[99],
      identicalBodies: true,
      deliveryIds: [deliveryId],
      event: 'payout.processing',
    });
    expect(group.signatures).toEqual(ids.map(() => 'valid'));
    expect(group.responseStatuses).toEqual(ids.map(() => 200));
    // One X-Service-Delivery across every copy: evidence for "fixed across retries" (spec 4.1).
    expect(duplicates.evidence).toEqual({ groups: 1, sameId: 1, changedId: 0, missingId: 0, verdict: 'fixed_across_retries' });

    // What the Deliveries view and a copy's detail show.
    const list = await t.call('deliveries.list', { filter: {}, limit: 500 });
    expect(list.total).toBe(100);
    expect(list.items.map((d) => [d.idempotencyKey, d.duplicateCount])).toEqual(ids.map(() => [key, 100]));
    for (const id of [ids[0]!, ids[50]!, ids[99]!]) {
      const detail = await t.call('deliveries.get', { id });
      expect(detail.siblings.map((s) => s.id)).toEqual(ids);
      expect(detail.duplicateOf).toBe(id === ids[0] ? null : ids[0]);
    }

    // The store, read with a connection of the test's own: 100 rows, byte-identical, one key.
    const rows = await queryStore(
      { dataDir: t.dataDir, location },
      'SELECT id, body, idempotency_key, delivery_id, response_status FROM deliveries ORDER BY id',
    );
    expect(rows.map((r) => Number(r.id))).toEqual(ids);
    expect(rows.every((r) => (r.body as Buffer).equals(body))).toBe(true);
    expect(new Set(rows.map((r) => r.idempotency_key))).toEqual(new Set([key]));
    expect(new Set(rows.map((r) => r.delivery_id))).toEqual(new Set([deliveryId]));
    expect(rows.every((r) => r.response_status === 200)).toBe(true);
  });
});
