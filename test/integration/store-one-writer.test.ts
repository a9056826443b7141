import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { CoreStatus } from '../../src/shared/contract';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import { pullFromRelay } from '../../src/main/core/sources/pull-from-relay';
import type { DeliveryRecord } from '../../src/main/core/delivery-record/delivery-record';
import { openSqliteStore } from '../../src/main/core/store/sqlite/sqlite-store';
import { builtWriterThread, startTestCore, tempDataDir } from '../support/core-fixture';
import { serviceHeaders, testSecret } from '../support/deliveries';
import { numberedBody, SignedLoad } from '../support/signed-load';
import { startTestRelay, type TestRelay } from '../support/test-relay';
import { until } from '../support/until';
import { humanLogger } from '../../src/main/core/logger';

/*
 * A laptop pulling a steady stream from a relay while it also receives directly: its cursor writes (one per pulled
 * batch, on the main thread's connection) used to commit between the writer thread's reads and writes, so that
 * deriving and indexing failed with "database is locked" dozens of times a minute. Every write of the laptop now
 * goes through the writer thread: one connection writes, and nothing of it is worth a log line.
 */

let relay: TestRelay;
let token: string;
const dataDirs: string[] = [];

beforeAll(async () => {
  relay = await startTestRelay();
  token = await relay.createChannel('steady');
}, 60_000);

afterAll(async () => {
  await relay?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const Policy = z.object({ mode: z.string() });
const lockNoise = /database is locked|could not be updated|cannot be updated|could not be stored/;

function storeFacts(dataDir: string) {
  const db = new Database(join(dataDir, 'inspector.sqlite3'), { readonly: true });
  try {
    const value = (sql: string) => db.prepare(sql).pluck().get() as number;
    return {
      deliveries: value('SELECT count(*) FROM deliveries'),
      latestId: value('SELECT max(id) FROM deliveries'),
      derivedThrough: value("SELECT value FROM store_counts WHERE name = 'derived_through'"),
      indexedThrough: value("SELECT value FROM store_counts WHERE name = 'search_indexed_through'"),
      groups: db.prepare('SELECT count, count(*) AS n FROM duplicate_groups GROUP BY count').all(),
      lifecycles: value('SELECT count(*) FROM lifecycles'),
      inLifecycles: value('SELECT sum(delivery_count) FROM lifecycles'),
    };
  } finally {
    db.close();
  }
}

describe('one writer per laptop', () => {
  test('pulling 60 deliveries/s from a relay while receiving 30/s directly: all stored, grouped, in lifecycles and searchable, and no lock in the log', async () => {
    const lines: string[] = [];
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    let finalStatus: CoreStatus | null = null;
    const laptop = await startTestCore({
      dataDir,
      secret: testSecret,
      relay: { url: relay.url, token, fingerprint: relay.fingerprint },
      logger: humanLogger((line) => lines.push(line)),
    });
    try {
      await until(() => laptop.call('status.get', {}), (s) => s.sources[0]?.state === 'connected');
      // The direct copies are the relay's first 300 deliveries again: each pair is one duplicate group and lifecycle.
      const viaRelay = new SignedLoad({ url: relay.url, path: '/c/steady/webhooks', ratePerSecond: 60, connections: 4, count: 600 }).start();
      const direct = new SignedLoad({ url: laptop.receiverUrl, ratePerSecond: 30, connections: 2, count: 300 }).start();
      const outcomes = [await viaRelay.done(), await direct.done()];
      expect(outcomes.map((o) => o.statuses)).toEqual([{ 200: 600 }, { 200: 300 }]);

      await until(() => laptop.call('status.get', {}), (s) => s.deliveryCount === 900, 60_000);
      for (const n of [0, 299, 300, 599]) {
        const found = await laptop.call('deliveries.list', { filter: { text: `recipient-${n}@example.com` } });
        expect(found.items.length).toBe(n < 300 ? 2 : 1);
      }
      finalStatus = await laptop.call('status.get', {});
      // The search found them above its index; the first pause after the load fills the index.
      await until(async () => storeFacts(dataDir), (facts) => facts.indexedThrough === facts.latestId);
    } finally {
      await laptop.stop();
    }

    expect(lines.filter((line) => lockNoise.test(line))).toEqual([]);
    const facts = storeFacts(dataDir);
    expect(facts).toMatchObject({ deliveries: 900, derivedThrough: facts.latestId, indexedThrough: facts.latestId });
    expect(facts.groups).toEqual([{ count: 2, n: 300 }]);
    expect({ lifecycles: facts.lifecycles, inLifecycles: facts.inLifecycles }).toEqual({ lifecycles: 600, inLifecycles: 900 });
    expect(finalStatus?.derivedFailure).toBeNull();
  }, 120_000);

  test('the store of a receiving core writes only on its writer thread: pulled deliveries, the relay cursor, settings and replays', async () => {
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    const file = join(dataDir, 'inspector.sqlite3');
    const lines: string[] = [];
    const store = openSqliteStore(file, { background: true, writerThreadFile: builtWriterThread, log: humanLogger((line) => lines.push(line)) });
    // Rows this connection inserted, updated or deleted since it opened (the migrations' included).
    const changedHere = store.db.prepare('SELECT total_changes()').pluck();
    const opened = changedHere.get() as number;
    const storeAll = async (records: DeliveryRecord[]) => void (await Promise.all(records.map((record) => store.storeDelivery(record))));
    const channel = 'one-writer';
    const channelToken = await relay.createChannel(channel);
    for (let n = 0; n < 20; n++) expect(await relay.deliver(`/c/${channel}/webhooks`, numberedBody(n), serviceHeaders(numberedBody(n)))).toBe(200);

    const source = pullFromRelay({ url: relay.url, token: channelToken, fingerprint: relay.fingerprint }, store, {
      secret: () => testSecret,
      store: storeAll,
      onHealth: () => {},
      log: humanLogger((line) => lines.push(line)),
    });
    source.start();
    let directId = 0;
    try {
      const body = numberedBody(1_000);
      const direct = buildDeliveryRecord(
        { method: 'POST', path: '/webhooks', query: '', headers: Object.entries(serviceHeaders(body)), body, bodyTruncated: false },
        { receivedAt: Date.now(), remoteAddress: '127.0.0.1', tls: true, imported: false },
        testSecret,
        () => ({ status: 200, body: '{}', reason: 'test' }),
      );
      directId = await store.storeDelivery(direct);
      store.settings.write('responsePolicy', { mode: 'always_200' });
      const replay = await store.replays.insert({
        deliveryId: directId,
        kind: 'replay',
        batchId: null,
        sentBy: null,
        startedAt: new Date().toISOString(),
        url: 'https://127.0.0.1:9/',
        signingMode: 'keep',
        request: { method: 'POST', headers: [], bodySha256: '', bodySize: 0 },
        response: { status: 204, headers: [], body: Buffer.from('done'), bodyTruncated: false },
        error: null,
        durationMs: 1,
      });
      expect(replay.response?.body).toBe('done');
      // A setting reads back at once, before it is written.
      expect(store.settings.read('responsePolicy', Policy)).toEqual({ mode: 'always_200' });

      await until(async () => store.deliveryCount(), (count) => count === 21);
      await until(async () => source.status.received, (received) => received === 20);
      await store.derived.catchUpForRead();
      expect(await store.listLifecycles({}, undefined, 100)).toHaveLength(21);
    } finally {
      await source.stop();
    }
    expect(changedHere.get()).toBe(opened);
    await store.close();

    // What went through the writer thread is in the file: the cursor after the 20th pulled delivery, the setting, the replay.
    const reopened = openSqliteStore(file);
    try {
      expect(reopened.deliverySource(`relay:${new URL(relay.url).host}`).cursor.read()).not.toBe('0:0');
      expect(await reopened.deliverySource(`relay:${new URL(relay.url).host}`).count()).toBe(20);
      expect(reopened.settings.read('responsePolicy', Policy)).toEqual({ mode: 'always_200' });
      expect(await reopened.replays.listForDelivery(directId)).toHaveLength(1);
    } finally {
      await reopened.close();
    }
    expect(lines.filter((line) => lockNoise.test(line))).toEqual([]);
  }, 60_000);
});
