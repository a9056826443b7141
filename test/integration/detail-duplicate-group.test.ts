import { afterEach, expect, it } from 'vitest';
import { listedCopiesLimit, type DeliveryDetail, type DuplicateGroupFacts } from '../../src/shared/delivery';
import { deliveryIdUse } from '../../src/renderer/src/features/duplicates/delivery-id-words';
import { deliveryIdUseOfGroup } from '../../src/renderer/src/features/duplicates/group-delivery-ids';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { describeEachEngine, queryStore, storeLocation } from '../support/engines';
import { testSecret } from '../support/deliveries';
import { copyOf, sendCopy } from '../support/group-copies';
import { until } from '../support/until';


/** The group's facts as they follow from every copy listed (what the detail gave when it listed every copy). */
function factsOfEveryCopy(copies: DeliveryDetail['siblings']): DuplicateGroupFacts {
  const first = copies[0]!;
  const last = copies.at(-1)!;
  return {
    firstId: first.id,
    firstReceivedAt: first.receivedAt,
    lastId: last.id,
    lastReceivedAt: last.receivedAt,
    identicalBodies: copies.every((copy) => copy.bodySha256 === first.bodySha256),
    firstDeliveryId: first.deliveryId,
    deliveryIdChanged: first.deliveryId !== null && copies.some((copy) => copy.deliveryId !== null && copy.deliveryId !== first.deliveryId),
    deliveryIdMissing: copies.some((copy) => copy.deliveryId === null),
  };
}

describeEachEngine("a delivery's detail and its duplicate group", (engine) => {
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

  const send = async (body: Buffer, deliveryId: string | null): Promise<number> => {
    const { id, status } = await sendCopy(t!.receiverUrl, body, deliveryId);
    expect(status).toBe(200);
    return id;
  };

  const detail = (id: number) => t!.call('deliveries.get', { id });

  it('lists a bounded number of copies of a large group, with its total and facts over every copy', async () => {
    await start();
    const total = listedCopiesLimit + 30;
    const ids: number[] = [];
    // Past the listed copies: one with other bytes, one with another X-Service-Delivery, one with none.
    const otherBytes = listedCopiesLimit + 19;
    const otherId = listedCopiesLimit + 24;
    const noId = listedCopiesLimit + 27;
    for (let copy = 0; copy < total; copy++) {
      const body = copy === otherBytes ? copyOf({ recipient_name: 'Ada King' }) : copyOf();
      ids.push(await send(body, copy === otherId ? 'delivery-2' : copy === noId ? null : 'delivery-1'));
    }
    const lastId = ids.at(-1)!;
    const expectedGroup: DuplicateGroupFacts = {
      firstId: ids[0]!,
      firstReceivedAt: (await detail(ids[0]!)).receivedAt,
      lastId,
      lastReceivedAt: (await detail(lastId)).receivedAt,
      identicalBodies: false,
      firstDeliveryId: 'delivery-1',
      deliveryIdChanged: true,
      deliveryIdMissing: true,
    };

    const last = await detail(lastId);
    // The first copies, then this one after them.
    expect(last.siblings.map((s) => s.id)).toEqual([...ids.slice(0, listedCopiesLimit), lastId]);
    expect(last).toMatchObject({ duplicateCount: total, duplicateOf: ids[0], group: expectedGroup });
    const early = await detail(ids[49]!);
    expect(early.siblings.map((s) => s.id)).toEqual(ids.slice(0, listedCopiesLimit));
    expect(early).toMatchObject({ duplicateCount: total, group: expectedGroup });
    const listed = await t!.call('deliveries.list', { filter: {}, limit: 5 });
    expect(listed.items.map((item) => item.duplicateCount)).toEqual(Array(5).fill(total));

    // Derived, the group's row says the same; before its last copies were derived, it said less: the copies stored
    // since are folded in. Without a row (one copy derived), all of them are.
    await until(
      async () => (await queryStore(store(), 'SELECT count FROM duplicate_groups'))[0]?.count,
      (count) => Number(count) === total,
    );
    const rowBefore = (copies: number) =>
      queryStore(
        store(),
        `UPDATE duplicate_groups SET count = ?, last_id = ?, last_received_at = (SELECT received_at FROM deliveries WHERE id = ?),
           identical_bodies = 1, delivery_id_changed = 0, delivery_id_missing = 0`,
        [copies, ids[copies - 1], ids[copies - 1]],
      );
    await rowBefore(otherBytes);
    expect(await detail(lastId)).toMatchObject({ duplicateCount: total, group: expectedGroup });
    await queryStore(store(), 'DELETE FROM duplicate_groups');
    expect(await detail(ids[3]!)).toMatchObject({ duplicateCount: total, group: expectedGroup });
  });

  it("gives a small group's facts as listing every copy gave them", async () => {
    await start();
    const groups = {
      sameId: [copyOf({ recipient_uuid: 'a1' }), 'id-a', copyOf({ recipient_uuid: 'a1' }), 'id-a', copyOf({ recipient_uuid: 'a1' }), 'id-a'],
      changedId: [copyOf({ recipient_uuid: 'b1' }), 'id-b', copyOf({ recipient_uuid: 'b1' }), 'id-c', copyOf({ recipient_uuid: 'b1' }), 'id-b'],
      partlyNone: [copyOf({ recipient_uuid: 'c1' }), 'id-d', copyOf({ recipient_uuid: 'c1' }), null, copyOf({ recipient_uuid: 'c1' }), 'id-d'],
      otherBytes: [copyOf({ recipient_uuid: 'd1' }), 'id-e', copyOf({ recipient_uuid: 'd1', recipient_name: 'Ada King' }), 'id-e'],
      // No key (updated_at as a number): grouped by identical bytes.
      keyless: [copyOf({ updated_at: 1772446530 }), 'id-f', copyOf({ updated_at: 1772446530 }), 'id-g'],
      single: [copyOf({ recipient_uuid: 'e1' }), 'id-h'],
    } as const;
    const lastIds: number[] = [];
    for (const copies of Object.values(groups)) {
      let id = 0;
      for (let i = 0; i < copies.length; i += 2) id = await send(copies[i] as Buffer, copies[i + 1] as string | null);
      lastIds.push(id);
    }
    for (const id of lastIds) {
      const { siblings, group, duplicateCount } = await detail(id);
      expect(siblings.length).toBe(duplicateCount);
      expect(group).toEqual(factsOfEveryCopy(siblings));
      expect(deliveryIdUseOfGroup(group!)).toBe(deliveryIdUse([...new Set(siblings.map((s) => s.deliveryId))]));
    }
    const empty = await detail(await send(Buffer.alloc(0), 'id-i'));
    expect([empty.duplicateCount, empty.siblings, empty.group]).toEqual([1, [], null]);
  });
});
