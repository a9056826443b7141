import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import { deliveryQueries } from '../../src/main/core/store/sqlite/deliveries';
import { derivedTables } from '../support/derived-tables';
import { groupCopies } from '../../src/main/core/store/common/duplicate-grouping';
import { migrations } from '../../src/main/core/store/sqlite/migrations';
import { openStore, type Db } from '../../src/main/core/store/sqlite/open';
import { bodyText, giftCardRecipientBody, signedDelivery } from '../fixtures/payloads';
import { startTestCore, tempDataDir, type TestCore } from '../support/core-fixture';
import { describeEachEngine, storeLocation } from '../support/engines';
import { testSecret } from '../support/deliveries';
import { insertWithTodaysColumns } from '../support/old-store';
import { post } from '../support/https-client';
import { until } from '../support/until';

/** A gift-card event whose updated_at is a number: spec 6 rule 4 gives it no idempotency key. */
const keyless = (overrides: Record<string, unknown> = {}) => giftCardRecipientBody({ updated_at: 1772446530, ...overrides });

const groupRows = (db: Db) =>
  db.prepare('SELECT idempotency_key, basis, count, first_id, last_id, delivery_id_changed, delivery_id_missing FROM duplicate_groups ORDER BY 1').all();

/** Posts the body signed, as the service would, and gives the id the receiver stored it under. */
async function sendSigned(core: TestCore, body: unknown, deliveryId: string = randomUUID()): Promise<number> {
  const delivery = signedDelivery(Buffer.from(typeof body === 'string' ? body : bodyText(body)), testSecret, { deliveryId });
  const answer = await post(`${core.receiverUrl}/webhooks`, delivery.body, delivery.headers);
  expect(answer.status).toBe(200);
  return Number(answer.headers['x-inspector-delivery-id']);
}

describeEachEngine('byte-identical copies without an idempotency key', (engine) => {
  let t: TestCore | null = null;
  afterEach(async () => {
    await t?.stop();
    t = null;
  });

  const send = (body: unknown, deliveryId?: string) => sendSigned(t!, body, deliveryId);

  it('are grouped by their body hash as identical copies, beside the keyed groups left as they were', async () => {
    t = await startTestCore({ secret: testSecret, store: await storeLocation(engine) });
    const copies = [await send(keyless()), await send(keyless()), await send(keyless())];
    const other = await send(keyless({ recipient_uuid: randomUUID() }));
    const keyed = [await send(giftCardRecipientBody()), await send(giftCardRecipientBody())];
    const empty = [await send(''), await send('')];

    const { items, total, evidence } = await t.call('duplicates.list', {});
    expect(total).toBe(2);
    const [keyedGroup, bytesGroup] = [items.find((g) => g.basis === 'idempotency_key')!, items.find((g) => g.basis === 'identical_bytes')!];
    expect(keyedGroup).toMatchObject({ count: 2, firstId: keyed[0], idempotencyKey: expect.stringContaining('|') });
    expect(bytesGroup).toMatchObject({ count: 3, firstId: copies[0], idempotencyKey: null, identicalBodies: true, event: 'payout.processing' });
    const copyDetail = await t.call('deliveries.get', { id: copies[1]! });
    expect(bytesGroup.bodySha256).toBe(copyDetail.bodySha256);
    expect(evidence).toMatchObject({ groups: 2, changedId: 2 });

    expect(copyDetail).toMatchObject({ idempotencyKey: null, duplicateCount: 3, duplicateOf: null });
    expect(copyDetail.siblings.map((s) => s.id)).toEqual(copies);
    expect((await t.call('deliveries.get', { id: other })).siblings.map((s) => s.id)).toEqual([other]);
    const emptyDetail = await t.call('deliveries.get', { id: empty[1]! });
    expect([emptyDetail.duplicateCount, emptyDetail.siblings]).toEqual([1, []]);
    const list = await t.call('deliveries.list', { filter: {}, limit: 50 });
    expect(list.items.filter((d) => d.duplicateCount === 3).map((d) => d.id).sort()).toEqual([...copies].sort());
  });

});

// These edit a SQLite store from before, and read its query plans: SQLite only.
describe('byte-identical copies without an idempotency key', () => {
  let t: TestCore | null = null;
  afterEach(async () => {
    await t?.stop();
    t = null;
  });

  const send = (body: unknown, deliveryId?: string) => sendSigned(t!, body, deliveryId);

  it('are grouped again when the analyzer rebuilds the derived tables, and when imported', async () => {
    t = await startTestCore({ secret: testSecret });
    const copies = [await send(keyless(), 'fixed'), await send(keyless(), 'fixed')];
    const dataDir = t.dataDir;
    const dir = join(mkdtempSync(join(tmpdir(), 'identical-')), 'out');
    await t.call('export.fixtures', { selection: { deliveryIds: copies }, outDir: dir });
    await t.core.close();
    const db = new Database(join(dataDir, 'inspector.sqlite3'));
    db.exec("DELETE FROM duplicate_groups; UPDATE settings SET value = '1' WHERE key = 'analyzerVersion'");
    db.close();

    t = await startTestCore({ dataDir, secret: testSecret });
    const rebuilt = await until(
      () => t!.call('duplicates.list', {}),
      (page) => page.total > 0,
    );
    expect(rebuilt.items).toMatchObject([{ basis: 'identical_bytes', count: 2, firstId: copies[0], deliveryIds: ['fixed'] }]);
    expect(rebuilt.evidence).toMatchObject({ groups: 1, sameId: 1 });

    const target = await startTestCore({ secret: testSecret });
    try {
      await target.call('import.path', { path: dir });
      expect((await target.call('duplicates.list', {})).items).toMatchObject([{ basis: 'identical_bytes', count: 2, idempotencyKey: null }]);
    } finally {
      await target.stop();
    }
  });

  it('are found by an index seek, and grouped by the migration in a store from before', () => {
    const file = join(tempDataDir(), 'inspector.sqlite3');
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.transaction(() => {
      for (const migrate of migrations.slice(0, 10)) migrate(old);
      old.pragma('user_version = 10');
    })();
    const bodies = [keyless(), giftCardRecipientBody(), keyless(), keyless({ status: 'failed' }), keyless(), '', '', giftCardRecipientBody()];
    insertWithTodaysColumns(old, () => old.transaction(() => {
      const deliveries = deliveryQueries(old);
      for (const [index, body] of bodies.entries()) {
        const bytes = Buffer.from(typeof body === 'string' ? body : bodyText(body));
        const { headers } = signedDelivery(bytes, testSecret, { deliveryId: `id-${index % 2}` });
        const sent = Object.entries(headers).filter(([name]) => index !== 2 || name !== 'X-Service-Delivery');
        const raw = { method: 'POST', path: '/hook', query: '', headers: sent, body: bytes, bodyTruncated: false };
        const facts = { receivedAt: 1_000 + index, remoteAddress: '127.0.0.1', tls: true, imported: false };
        deliveries.insert(buildDeliveryRecord(raw, facts, testSecret, () => ({ status: 200, body: '{}', reason: 'test' })));
      }
      // As that version left them, derived through the last but one row: no key was repeated yet, so no group.
      old.exec("UPDATE store_counts SET value = 7 WHERE name = 'derived_through'");
    })());
    old.close();

    const db = openStore(file);
    derivedTables(db).catchUpAll();
    const migrated = groupRows(db);
    expect(migrated.map((g) => (g as { basis: string }).basis).sort()).toEqual(['idempotency_key', 'identical_bytes']);
    derivedTables(db).rebuild();
    derivedTables(db).catchUpAll();
    expect(groupRows(db)).toEqual(migrated);
    expect(migrated).toContainEqual(expect.objectContaining({ basis: 'identical_bytes', count: 3, first_id: 1, last_id: 5, delivery_id_changed: 0, delivery_id_missing: 1 }));

    const copies = groupCopies('identical_bytes');
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT id FROM ${copies.from} WHERE ${copies.where} AND ${copies.id} < ? ORDER BY ${copies.id} LIMIT 1`)
      .all('x', 10) as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING (COVERING )?INDEX deliveries_by_identical_bytes/);
    db.close();
  });
});
