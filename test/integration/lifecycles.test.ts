import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bodyText,
  formALifecycle,
  formAQuoteCreated,
  formAStatusChanged,
  formATerminalFailed,
  giftCardRecipientBody,
  ids,
  signedDelivery,
} from '../fixtures/payloads';
import { listedCopiesLimit } from '../../src/shared/delivery';
import { builtCli } from '../support/cli-process';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { describeEachEngine, storeLocation } from '../support/engines';
import { testSecret } from '../support/deliveries';
import { until } from '../support/until';
import { post } from '../support/https-client';

const run = promisify(execFile);

describeEachEngine('lifecycles, duplicate groups and orders over real deliveries', (engine) => {
  let t: TestCore | null = null;
  afterEach(async () => {
    await t?.stop();
    t = null;
  });

  const send = async (body: unknown, deliveryId = randomUUID()) => {
    const delivery = signedDelivery(Buffer.from(bodyText(body)), testSecret, { deliveryId });
    const answer = await post(`${t!.receiverUrl}/webhooks`, delivery.body, delivery.headers);
    expect(answer.status).toBe(200);
    return Number(answer.headers['x-inspector-delivery-id']);
  };

  it('rebuilds a send in event-time order whatever the arrival order, with duplicates collapsed', async () => {
    t = await startTestCore({ secret: testSecret, store: await storeLocation(engine) });
    const [created, processing, completed, followUp] = formALifecycle();
    // Arrival order: follow-up, processing, created, completed, then processing twice more at once.
    await send(followUp);
    const firstProcessing = await send(processing);
    await send(created);
    await send(completed);
    await Promise.all([send(processing), send(processing)]);

    const lifecycle = await t.call('lifecycles.get', { key: `send:${ids.externalSendId}` });
    expect(lifecycle.events.map((e) => e.event)).toEqual([
      'payout.quote_created',
      'payout.status_changed',
      'payout.terminal_state',
      'payout.terminal_state',
    ]);
    expect(lifecycle.events.map((e) => e.arrivalRank)).toEqual([3, 2, 4, 1]);
    expect(lifecycle.events.map((e) => e.eventRank)).toEqual([1, 2, 3, 4]);
    expect(lifecycle.events[1]!.deliveryIds).toHaveLength(3);
    expect(lifecycle.events[1]!.deliveryIds[0]).toBe(firstProcessing);
    expect(lifecycle).toMatchObject({ currentStatus: 'completed', terminal: true, reordered: true });
    expect(lifecycle.findings.filter((f) => f.severity === 'error')).toEqual([]);

    const list = await t.call('lifecycles.list', { filter: { status: 'completed' } });
    expect(list.items.map((l) => l.key)).toEqual([`send:${ids.externalSendId}`]);
    expect(list.items[0]).toMatchObject({ eventCount: 4, deliveryCount: 6, terminal: true, reordered: true });

    const detail = await t.call('deliveries.get', { id: firstProcessing });
    expect(detail.lifecycleKey).toBe(`send:${ids.externalSendId}`);
    expect(detail.orderUuid).toBe(ids.payoutOrder);
  });

  it('reports lifecycle rules broken across deliveries', async () => {
    t = await startTestCore({ secret: testSecret, store: await storeLocation(engine) });
    const [created, processing, completed] = formALifecycle();
    await send(created);
    await send(completed);
    // A status change that happened after the terminal state, in event time.
    await send({ ...(processing as object), occurred_at: '2026-03-02T09:30:00Z' });
    const lifecycle = await t.call('lifecycles.get', { key: `send:${ids.externalSendId}` });
    expect(lifecycle.findings.map((f) => f.code)).toContain('lifecycle.event_after_terminal');
    const facets = await t.call('lifecycles.facets', {});
    expect(facets.findings).toContain('lifecycle.event_after_terminal');
    expect(facets.orders).toEqual([ids.payoutOrder]);
    const filtered = await t.call('lifecycles.list', { filter: { finding: 'lifecycle.event_after_terminal' } });
    expect(filtered.items).toHaveLength(1);
  });

  it('groups concurrent copies in one duplicate group and weighs the X-Service-Delivery evidence', async () => {
    t = await startTestCore({ secret: testSecret, store: await storeLocation(engine) });
    const body = giftCardRecipientBody();
    await Promise.all(Array.from({ length: 10 }, () => send(body)));
    const fixedId = randomUUID();
    const other = giftCardRecipientBody({ recipient_uuid: randomUUID() });
    await Promise.all([send(other, fixedId), send(other, fixedId)]);

    const { items, total, evidence } = await t.call('duplicates.list', {});
    expect(total).toBe(2);
    const byCount = new Map(items.map((g) => [g.count, g]));
    expect(byCount.get(10)).toMatchObject({ identicalBodies: true });
    expect(new Set(byCount.get(10)!.deliveryIds).size).toBe(10);
    expect(byCount.get(2)!.deliveryIds).toEqual([fixedId]);
    expect(evidence).toMatchObject({ groups: 2, sameId: 1, changedId: 1, verdict: 'mixed' });
  });

  it('keeps one duplicate group and one lifecycle growing through a retry storm of one signed delivery', async () => {
    t = await startTestCore({ secret: testSecret, store: await storeLocation(engine) });
    const storm = signedDelivery(Buffer.from(bodyText(giftCardRecipientBody())), testSecret, { deliveryId: randomUUID() });
    const resend = async (copies: number) => {
      // Waves of 16 at once: the copies fall into many derived batches, each growing what the one before left.
      for (let sent = 0; sent < copies; sent += 16) {
        const answers = await Promise.all(
          Array.from({ length: Math.min(16, copies - sent) }, () => post(`${t!.receiverUrl}/webhooks`, storm.body, storm.headers)),
        );
        expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      }
    };
    const key = `gift:${ids.payoutOrder}|${ids.recipient}|recipient`;
    const lifecycleRow = async () => (await t!.call('lifecycles.list', {})).items.find((l) => l.key === key);

    await resend(200);
    const { items, total } = await t.call('duplicates.list', {});
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ count: 200, identicalBodies: true, deliveryIds: [storm.headers['X-Service-Delivery']] });
    expect(await lifecycleRow()).toMatchObject({ eventCount: 1, deliveryCount: 200, currentStatus: 'sent' });

    // A new event joins the storm's lifecycle, then the storm goes on.
    await send(giftCardRecipientBody({ status: 'viewed', updated_at: '2026-03-02T11:00:00Z' }));
    await resend(40);
    expect(await lifecycleRow()).toMatchObject({ eventCount: 2, deliveryCount: 241, currentStatus: 'viewed' });
    const lifecycle = await t.call('lifecycles.get', { key });
    // Every copy counted; the first ones listed.
    expect(lifecycle.events.map((e) => e.copyCount)).toEqual([240, 1]);
    expect(lifecycle.events.map((e) => e.deliveryIds.length)).toEqual([listedCopiesLimit, 1]);
    expect((await t.call('duplicates.list', {})).items[0]).toMatchObject({ count: 240 });
  });

  it('derives an order summary from its recipients', async () => {
    t = await startTestCore({ secret: testSecret, store: await storeLocation(engine) });
    for (const body of formALifecycle()) await send(body);
    await send(giftCardRecipientBody({ recipient_email: 'grace@example.com', recipient_uuid: randomUUID(), status: 'redeemed' }));
    const orders = await t.call('orders.list', {});
    expect(orders.items.map((o) => o.orderUuid)).toEqual([ids.payoutOrder]);
    const order = await t.call('orders.get', { orderUuid: ids.payoutOrder });
    expect(order.summary).toMatchObject({ recipients: 2, allTerminal: true });
    expect(order.recipients.map((r) => r.email).sort()).toEqual(['ada@example.com', 'grace@example.com']);
    const recipient = await t.call('recipients.get', { recipientKey: order.recipients[0]!.recipientKey });
    expect(recipient.lifecycles.length).toBeGreaterThan(0);
  });

});

// The CLI reads the data dir's SQLite file, and the last test edits it: SQLite only.
describe('lifecycles over real deliveries, through the CLI and across restarts', () => {
  let t: TestCore | null = null;
  afterEach(async () => {
    await t?.stop();
    t = null;
  });

  const send = async (body: unknown, deliveryId = randomUUID()) => {
    const delivery = signedDelivery(Buffer.from(bodyText(body)), testSecret, { deliveryId });
    const answer = await post(`${t!.receiverUrl}/webhooks`, delivery.body, delivery.headers);
    expect(answer.status).toBe(200);
    return Number(answer.headers['x-inspector-delivery-id']);
  };

  it('keeps a failed send failed when a status_changed later in event time arrives after it: list, filters, order and export agree', async () => {
    t = await startTestCore({ secret: testSecret });
    await send(formAQuoteCreated());
    await send(formATerminalFailed());
    await send({ ...formAStatusChanged('processing'), occurred_at: '2026-03-02T09:30:00Z' });
    const key = `send:${ids.externalSendId}`;

    const lifecycle = await t.call('lifecycles.get', { key });
    expect(lifecycle).toMatchObject({ currentStatus: 'failed', terminal: true });
    expect(lifecycle.events.map((e) => [e.event, e.afterTerminal])).toEqual([
      ['payout.quote_created', false],
      ['payout.terminal_state', false],
      ['payout.status_changed', true],
    ]);
    expect(lifecycle.events[2]!.findings.map((f) => f.code)).toEqual(['lifecycle.event_after_terminal']);

    expect((await t.call('lifecycles.list', {})).items[0]).toMatchObject({ key, currentStatus: 'failed', terminal: true });
    expect((await t.call('lifecycles.list', { filter: { status: 'processing' } })).items).toEqual([]);
    expect((await t.call('lifecycles.facets', {})).statuses).toEqual(['failed']);
    const order = await t.call('orders.get', { orderUuid: ids.payoutOrder });
    expect(order.summary).toMatchObject({ allTerminal: true, countsByStatus: { failed: 1 } });
    expect(order.recipients.map((r) => r.latestStatus)).toEqual(['failed']);

    const dataDir = t.dataDir;
    await t.core.close();
    const exported = (await run(process.execPath, [builtCli, 'lifecycles', '--data-dir', dataDir, '--format', 'ndjson']))
      .stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({ key, currentStatus: 'failed', terminal: true });
    expect(exported[0].events.map((e: { afterTerminal: boolean }) => e.afterTerminal)).toEqual([false, false, true]);
  });

  it('exports lifecycle positions with each delivery, and the lifecycles themselves', async () => {
    t = await startTestCore({ secret: testSecret });
    const [created, processing] = formALifecycle();
    await send(processing);
    await send(created);
    await send(processing);
    const dataDir = t.dataDir;
    await t.core.close();
    const deliveries = (await run(process.execPath, [builtCli, 'export', '--data-dir', dataDir, '--format', 'ndjson']))
      .stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(deliveries.map((d) => [d.eventRank, d.arrivalRank, d.duplicateOf])).toEqual([
      [2, 1, null],
      [1, 2, null],
      [2, 1, 1],
    ]);
    expect(deliveries[0]).toMatchObject({ lifecycleKey: `send:${ids.externalSendId}`, eventTime: '2026-03-02T09:05:00Z' });
    expect(Array.isArray(deliveries[0].lifecycleFindings)).toBe(true);

    const lifecycles = (await run(process.execPath, [builtCli, 'lifecycles', '--data-dir', dataDir, '--format', 'ndjson']))
      .stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lifecycles).toHaveLength(1);
    expect(lifecycles[0]).toMatchObject({ key: `send:${ids.externalSendId}`, kind: 'crypto_send', deliveryIds: [2, 1, 3], terminal: false });
  });

  it('rebuilds the derived tables when the analyzer changed since the deliveries were stored', async () => {
    t = await startTestCore({ secret: testSecret });
    for (const body of formALifecycle()) await send(body);
    await send(formALifecycle()[0]);
    const dataDir = t.dataDir;
    await t.core.close();
    const db = new Database(join(dataDir, 'inspector.sqlite3'));
    db.exec("DELETE FROM lifecycles; DELETE FROM duplicate_groups; UPDATE deliveries SET lifecycle_key = NULL; UPDATE settings SET value = '1' WHERE key = 'analyzerVersion'");
    db.close();
    t = await startTestCore({ dataDir, secret: testSecret });
    const { items } = await until(
      () => t!.call('lifecycles.list', {}),
      (list) => list.items.length > 0,
    );
    expect(items.map((l) => l.key)).toEqual([`send:${ids.externalSendId}`]);
    expect(items[0]).toMatchObject({ eventCount: 4, deliveryCount: 5 });
    expect((await t.call('duplicates.list', {})).total).toBe(1);
  });
});
