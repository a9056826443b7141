import { afterEach, expect, it } from 'vitest';
import { listedCopiesLimit, type DeliveryDetail } from '../../src/shared/delivery';
import type { ListedDuplicateGroup } from '../../src/shared/lifecycle';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { describeEachEngine, queryStore, storeLocation } from '../support/engines';
import { testSecret } from '../support/deliveries';
import { copyOf, sendCopy } from '../support/group-copies';
import { until } from '../support/until';


/** A row of the Duplicates page as it followed from reading every copy (what duplicates.list gave before it was bounded). */
function rowOfEveryCopy(copies: DeliveryDetail['siblings']) {
  const times = copies.map((copy) => Date.parse(copy.receivedAt));
  return {
    count: copies.length,
    firstId: copies[0]!.id,
    firstReceivedAt: copies[0]!.receivedAt,
    lastReceivedAt: copies.at(-1)!.receivedAt,
    spreadMs: Math.max(...times) - Math.min(...times),
    identicalBodies: copies.every((copy) => copy.bodySha256 === copies[0]!.bodySha256),
    deliveryIds: [...new Set(copies.map((copy) => copy.deliveryId))],
    signatures: copies.map((copy) => copy.signature),
    responseStatuses: copies.map((copy) => copy.responseStatus),
  };
}

describeEachEngine('the duplicate groups list', (engine) => {
  let t: TestCore | null = null;
  let location: string | undefined;
  afterEach(async () => {
    await t?.stop();
    t = null;
  });

  const start = async () => {
    location = await storeLocation(engine);
    t = await startTestCore({ secret: testSecret, store: location });
  };
  const store = () => ({ dataDir: t!.dataDir, location });

  const send = async (body: Buffer, deliveryId: string | null, signed = true) => (await sendCopy(t!.receiverUrl, body, deliveryId, signed)).id;

  const detail = (id: number) => t!.call('deliveries.get', { id });
  /** Every group listed, once each is derived whole (`counts`: the copies each group must hold). */
  async function listedWhenDerived(counts: number[]): Promise<ListedDuplicateGroup[]> {
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    await until(
      async () => (await queryStore(store(), 'SELECT count FROM duplicate_groups WHERE count > 1')).map((row) => Number(row.count)),
      (derived) => JSON.stringify(sorted(derived)) === JSON.stringify(sorted(counts)),
    );
    return (await t!.call('duplicates.list', { limit: 200 })).items;
  }

  it("answers a large group's total and facts with its first copies' verdicts and statuses, not every copy's", async () => {
    await start();
    const total = listedCopiesLimit + 30;
    const ids: number[] = [];
    // Past the listed copies: other bytes, another X-Service-Delivery, none, and a bad signature.
    const otherBytes = listedCopiesLimit + 19;
    const otherId = listedCopiesLimit + 24;
    const noId = listedCopiesLimit + 27;
    const badSignature = listedCopiesLimit + 5;
    for (let copy = 0; copy < total; copy++) {
      const body = copy === otherBytes ? copyOf({ recipient_name: 'Ada King' }) : copyOf();
      const deliveryId = copy === otherId ? 'delivery-2' : copy === noId ? null : 'delivery-1';
      ids.push(await send(body, deliveryId, copy !== badSignature));
    }
    const expectedFacts = (await detail(ids.at(-1)!)).group!;
    const expected = {
      count: total,
      firstId: ids[0],
      firstReceivedAt: expectedFacts.firstReceivedAt,
      lastReceivedAt: expectedFacts.lastReceivedAt,
      spreadMs: Date.parse(expectedFacts.lastReceivedAt) - Date.parse(expectedFacts.firstReceivedAt),
      identicalBodies: false,
      listedCopies: listedCopiesLimit,
      deliveryIds: ['delivery-1'],
      signatures: Array(listedCopiesLimit).fill('valid'),
      responseStatuses: Array(listedCopiesLimit).fill(200),
      facts: { ...expectedFacts, deliveryIdChanged: true, deliveryIdMissing: true },
      idempotencyKey: expect.any(String),
      basis: 'idempotency_key',
    };

    const [group] = await listedWhenDerived([total]);
    expect(group).toMatchObject(expected);

    // Before its last copies were derived, the group's row said less: the copies stored since are folded in.
    await queryStore(
      store(),
      `UPDATE duplicate_groups SET count = ?, last_id = ?, last_received_at = (SELECT received_at FROM deliveries WHERE id = ?),
         identical_bodies = 1, delivery_id_changed = 0, delivery_id_missing = 0`,
      [listedCopiesLimit, ids[listedCopiesLimit - 1], ids[listedCopiesLimit - 1]],
    );
    const { items } = await t!.call('duplicates.list', { limit: 200 });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ ...expected, lastId: ids[listedCopiesLimit - 1] });
  });

  it('lists a small group exactly as reading every copy did', async () => {
    await start();
    await t!.call('settings.setPolicy', { failNext: 1, failStatus: 503 });
    const groups: Array<Array<[Buffer, string | null, boolean?]>> = [
      // The first copy answered 503 (the policy above), the others 200; one with a bad signature.
      [[copyOf({ recipient_uuid: 'a1' }), 'id-a'], [copyOf({ recipient_uuid: 'a1' }), 'id-a', false], [copyOf({ recipient_uuid: 'a1' }), 'id-a']],
      [[copyOf({ recipient_uuid: 'b1' }), 'id-b'], [copyOf({ recipient_uuid: 'b1' }), 'id-c'], [copyOf({ recipient_uuid: 'b1' }), 'id-b']],
      [[copyOf({ recipient_uuid: 'c1' }), null], [copyOf({ recipient_uuid: 'c1' }), 'id-d'], [copyOf({ recipient_uuid: 'c1' }), null]],
      [[copyOf({ recipient_uuid: 'd1' }), 'id-e'], [copyOf({ recipient_uuid: 'd1', recipient_name: 'Ada King' }), 'id-e']],
      // No key (updated_at as a number): grouped by identical bytes.
      [[copyOf({ updated_at: 1772446530 }), 'id-f'], [copyOf({ updated_at: 1772446530 }), 'id-g']],
    ];
    const lastIds: number[] = [];
    for (const copies of groups) {
      let id = 0;
      for (const [body, deliveryId, signed] of copies) id = await send(body, deliveryId, signed ?? true);
      lastIds.push(id);
    }
    const listed = await listedWhenDerived(groups.map((copies) => copies.length));
    expect(listed).toHaveLength(groups.length);
    for (const id of lastIds) {
      const { siblings, group: facts, idempotencyKey } = await detail(id);
      const row = listed.find((group) => group.firstId === siblings[0]!.id)!;
      expect(row).toEqual({
        ...row,
        ...rowOfEveryCopy(siblings),
        idempotencyKey,
        listedCopies: siblings.length,
        facts,
      });
    }
    expect(listed.find((group) => group.firstId === lastIds[0]! - 2)).toMatchObject({
      signatures: ['valid', 'invalid', 'valid'],
      responseStatuses: [503, 200, 200],
    });
    expect(listed.find((group) => group.basis === 'identical_bytes')).toMatchObject({ idempotencyKey: null, deliveryIds: ['id-f', 'id-g'] });
  });
});
