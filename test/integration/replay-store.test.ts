import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import type { ReplayDraft } from '../../src/main/core/store/common/replay-rows';
import { openStore } from '../../src/main/core/store/sqlite/open';
import { tempDataDir } from '../support/core-fixture';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { describeEachEngine, openTestStore } from '../support/engines';

// EXPLAIN QUERY PLAN is SQLite's.
describe('the replays table on SQLite', () => {
  it('lists a delivery’s replays through its index', () => {
    const db = openStore(join(tempDataDir(), 'inspector.sqlite3'));
    try {
      const plan = db
        .prepare('EXPLAIN QUERY PLAN SELECT * FROM replays WHERE delivery_id = ? ORDER BY id DESC LIMIT ?')
        .all(1, 10) as Array<{ detail: string }>;
      expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING INDEX replays_by_delivery/);
      expect(plan.some((p) => /TEMP B-TREE/.test(p.detail))).toBe(false);
    } finally {
      db.close();
    }
  });
});

const draft = (deliveryId: number): ReplayDraft => ({
  deliveryId,
  kind: 'replay',
  batchId: null,
  sentBy: null,
  startedAt: new Date(0).toISOString(),
  url: 'http://127.0.0.1:9/',
  signingMode: 'keep',
  request: { method: 'POST', headers: [], bodySha256: '', bodySize: 0 },
  response: { status: 204, headers: [['x-answer', 'yes']], body: Buffer.from('done'), bodyTruncated: false },
  error: null,
  durationMs: 3,
});

describeEachEngine('the replays table', (engine) => {
  it('keeps a replay of a stored delivery, newest first, and refuses one of a delivery that does not exist', async () => {
    const store = await openTestStore(engine);
    try {
      const body = giftCardBody();
      const id = await store.storeDelivery(
        buildDeliveryRecord(
          { method: 'POST', path: '/webhooks', query: '', headers: Object.entries(serviceHeaders(body)), body, bodyTruncated: false },
          { receivedAt: Date.now(), remoteAddress: '127.0.0.1', tls: true, imported: false },
          null,
          () => ({ status: 200, body: '{}', reason: 'test' }),
        ),
      );
      const first = await store.replays.insert(draft(id));
      const second = await store.replays.insert({ ...draft(id), kind: 'forward' });
      expect(first.response).toEqual({ status: 204, headers: [['x-answer', 'yes']], body: 'done', bodyTruncated: false });
      expect((await store.replays.listForDelivery(id)).map((r) => [r.id, r.kind])).toEqual([
        [second.id, 'forward'],
        [first.id, 'replay'],
      ]);
      await expect(store.replays.insert(draft(id + 1))).rejects.toThrow(/foreign key/i);
      expect(await store.replays.listForDelivery(id + 1)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
