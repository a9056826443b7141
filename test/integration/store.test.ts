import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../src/main/core/store/migrations';
import { openStore } from '../../src/main/core/store/open';
import { buildDeliveryRecord } from '../../src/main/core/receiver/ingest';
import { countDeliveries, filteredCountCap, listDeliveries } from '../../src/main/core/store/delivery-views';
import { deliveryQueries } from '../../src/main/core/store/deliveries';
import { startTestCore, tempDataDir, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { post } from '../support/https-client';

describe('the store', () => {
  let t: TestCore | null = null;
  afterEach(async () => {
    await t?.stop();
    t = null;
  });

  it('migrates a new file to the latest schema with durable pragmas', () => {
    const db = openStore(join(tempDataDir(), 'store.sqlite3'));
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    db.close();
  });

  it('refuses a database written by a newer version', () => {
    const file = join(tempDataDir(), 'store.sqlite3');
    const newer = new Database(file);
    newer.pragma(`user_version = ${migrations.length + 1}`);
    newer.close();
    expect(() => openStore(file)).toThrow(/newer Webhook Inspector/);
  });

  it('lists the newest page by an index, not a scan', () => {
    const db = openStore(join(tempDataDir(), 'store.sqlite3'));
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join('\n');
    expect(plan("SELECT id FROM deliveries WHERE event = 'x' ORDER BY id DESC LIMIT 100")).toMatch(/USING (COVERING )?INDEX deliveries_by_event/);
    const byReceiveTime = 'ORDER BY received_at DESC, id DESC LIMIT 100';
    expect(plan(`SELECT id FROM deliveries WHERE 1 ${byReceiveTime}`)).toMatch(/USING (COVERING )?INDEX deliveries_by_received\b/);
    expect(plan(`SELECT id FROM deliveries WHERE (received_at, id) < (1, 2) ${byReceiveTime}`)).toMatch(/SEARCH deliveries USING (COVERING )?INDEX deliveries_by_received \(received_at<\?\)/);
    for (const column of ['event', 'form', 'signature', 'path']) {
      expect(plan(`SELECT id FROM deliveries WHERE ${column} = 'x' AND (received_at, id) < (1, 2) ${byReceiveTime}`)).toMatch(
        new RegExp(`USING (COVERING )?INDEX deliveries_by_${column}_received \\(${column}=\\? AND received_at<\\?\\)`),
      );
    }
    expect(plan("SELECT id FROM deliveries NOT INDEXED WHERE event = 'x' AND id > 5 ORDER BY id")).toMatch(/USING INTEGER PRIMARY KEY \(rowid>\?\)/);
    expect(plan("SELECT count(*) FROM deliveries WHERE idempotency_key = 'k'")).toMatch(/USING COVERING INDEX deliveries_by_key/);
    expect(
      plan(
        'SELECT delivery_id_changed, delivery_id_missing, count(*) FROM duplicate_groups WHERE count > 1 GROUP BY delivery_id_changed, delivery_id_missing',
      ),
    ).toMatch(/USING COVERING INDEX duplicate_groups_evidence/);
    expect(plan("SELECT * FROM deliveries WHERE lifecycle_key = 'send:1' ORDER BY id")).toMatch(/USING INDEX deliveries_by_lifecycle/);
    expect(plan('SELECT * FROM lifecycles ORDER BY last_delivery_id DESC LIMIT 100')).toMatch(/lifecycles_by_recent/);
    db.close();
  });

  it('counts every delivery exactly, and a filter\'s matches up to the cap', () => {
    const db = openStore(join(tempDataDir(), 'store.sqlite3'));
    const deliveries = deliveryQueries(db);
    const body = giftCardBody();
    const record = (path: string) =>
      buildDeliveryRecord(
        { method: 'POST', path, query: '', headers: Object.entries(serviceHeaders(body)), body, bodyTruncated: false },
        { receivedAt: Date.now(), remoteAddress: '127.0.0.1', tls: true, imported: false },
        null,
        () => ({ status: 200, body: '{}', reason: 'test' }),
      );
    db.transaction(() => {
      for (let i = 0; i < filteredCountCap + 5; i++) deliveries.insert(record('/many'));
      deliveries.insert(record('/one'));
    })();
    expect(countDeliveries(db)).toBe(filteredCountCap + 6);
    expect(listDeliveries(db, { filter: {}, limit: 1 })).toMatchObject({ total: filteredCountCap + 6, totalCapped: false });
    expect(listDeliveries(db, { filter: { path: '/one' }, limit: 1 })).toMatchObject({ total: 1, totalCapped: false });
    expect(listDeliveries(db, { filter: { path: '/many' }, limit: 1 })).toMatchObject({
      total: filteredCountCap,
      totalCapped: true,
    });
    db.close();
  });

  it('answers 503, never a 2xx, when the row cannot be written, and recovers after', async () => {
    t = await startTestCore();
    const saboteur = new Database(join(t.dataDir, 'inspector.sqlite3'));
    saboteur.exec(`CREATE TRIGGER refuse_writes BEFORE INSERT ON deliveries BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`);
    const body = giftCardBody();
    const refused = await post(t.receiverUrl, body, serviceHeaders(body));
    expect(refused.status).toBe(503);
    expect(refused.body).not.toMatch(/disk I\/O/); // the sender gets a clear answer, not our internals

    saboteur.exec('DROP TRIGGER refuse_writes');
    saboteur.close();
    const accepted = await post(t.receiverUrl, body, serviceHeaders(body));
    expect(accepted.status).toBe(200);
    expect((await t.call('deliveries.list', { filter: {} })).total).toBe(1);
  });
});
