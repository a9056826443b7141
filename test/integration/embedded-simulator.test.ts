import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { until } from '../support/until';

describe('the embedded simulator', () => {
  let t: TestCore | null = null;
  afterEach(async () => {
    await t?.stop();
    t = null;
  });

  it('runs by default, signs with the secret the inspector uses, and its demo orders arrive valid and conformant', async () => {
    t = await startTestCore({ simulator: { timeScale: 3600 } });
    const status = await t.call('status.get', {});
    expect(status.service).toMatchObject({ mode: 'simulator', apiTokenSet: true });
    expect(status.secret).toMatchObject({ set: true, storage: 'simulator' });

    const { orders } = await t.call('simulator.createDemoOrder', {});
    expect(orders.map((o) => o.payoutType).sort()).toEqual(['crypto', 'gift_cards']);

    const state = await until(
      () => t!.call('simulator.state', {}),
      (s) => s.running && s.events.length > 0 && s.counts.pending === 0,
    );
    if (!state.running) throw new Error('the simulator stopped');
    expect(state.counts.pending).toBe(0);
    expect(state.counts.delivered).toBe(state.events.length);

    const list = await t.call('deliveries.list', { filter: {}, limit: 500 });
    expect(list.total).toBe(state.events.length);
    for (const item of list.items) {
      expect(item.signature, `delivery ${item.id}`).toBe('valid');
      expect(item.findingCounts.error, `delivery ${item.id} (${item.event})`).toBe(0);
      expect(item.path).toBe('/webhooks/demo');
    }
    const forms = [...new Set(list.items.map((i) => i.form))].sort();
    // unknown: the recipient.* events receivers do not know, when the seed draws one
    expect(forms.filter((f) => f !== 'unknown')).toEqual(['crypto_form_a', 'crypto_form_b', 'gift_cards']);

    // The service's own records have moved with those events: no demo order is still in progress.
    const page = await t.call('api.listPage', { endpoint: '/api/payout-orders', page: 1, limit: 20, refresh: true });
    const listed = new Map((page.items as Array<{ uuid: string; status: string }>).map((o) => [o.uuid, o.status]));
    const finished = ['completed', 'partially_completed', 'failed'];
    for (const { uuid } of orders) expect(finished, `order ${uuid}`).toContain(listed.get(uuid));
  });

  it('derives order summaries that agree with the events: unknown events count for nothing, Form B recipients are not claimed', async () => {
    t = await startTestCore({ simulator: { timeScale: 3600 } });
    // Every recipient gets an unrecognized recipient.* event, and some arrive twice or out of order.
    await t.call('simulator.configure', { unknownEventRate: 1, duplicateRate: 0.3, reorderRate: 0.3 });
    const { orders } = await t.call('simulator.createDemoOrder', {});
    await until(
      () => t!.call('simulator.state', {}),
      (s) => s.running && s.events.length > 0 && s.counts.pending === 0,
    );
    const crypto = orders.find((o) => o.payoutType === 'crypto')!;
    const giftCards = orders.find((o) => o.payoutType === 'gift_cards')!;

    // Two of the crypto order's recipients are Form B sends, which name no order: the order says so and is not "all terminal",
    // nor does it call them unheard from, since their two Form B sends arrived.
    const cryptoOrder = await t.call('orders.get', { orderUuid: crypto.uuid });
    expect(cryptoOrder.summary).toMatchObject({
      createdRecipients: crypto.recipients,
      recipients: crypto.recipients - 2,
      unnamedRecipients: 2,
      unheardRecipients: 0,
      allTerminal: false,
    });
    expect(cryptoOrder.recipients.every((r) => r.latestStatus !== null)).toBe(true);
    const formB = await t.call('lifecycles.list', { filter: { kind: 'crypto_form_b' } });
    expect(formB.items.map((l) => [l.currentStatus, l.terminal]).sort()).toEqual([
      ['confirming', false],
      ['failed', true],
    ]);

    // Every recipient's send ended, every redeemed card's payout too, so the gift-card order is all terminal.
    const giftOrder = await t.call('orders.get', { orderUuid: giftCards.uuid });
    expect(giftOrder.summary).toMatchObject({ recipients: giftCards.recipients, unnamedRecipients: 0, unheardRecipients: 0, allTerminal: true });
    const cardPayouts = await t.call('lifecycles.list', { filter: { kind: 'gift_card_payout' } });
    expect(cardPayouts.items.length).toBeGreaterThan(0);
    expect(cardPayouts.items.filter((l) => !l.terminal)).toEqual([]);

    // The unknown events are in the timelines, marked; no send is left open by them.
    const sends = await t.call('lifecycles.list', { filter: { kind: 'crypto_send' } });
    expect(sends.items.filter((l) => l.orderUuid !== null && !l.terminal)).toEqual([]);
    const phantom = sends.items.filter((l) => l.orderUuid === null);
    expect(phantom.map((l) => [l.currentStatus, l.terminal])).toEqual([
      [null, false],
      [null, false],
    ]);
    const timeline = await t.call('lifecycles.get', { key: phantom[0]!.key });
    expect(timeline.events.every((e) => e.unrecognized)).toBe(true);
  });

  it('keeps its account across restarts', async () => {
    t = await startTestCore({ simulator: {} });
    expect((await t.call('status.get', {})).service.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const accountFile = join(t.dataDir, 'simulator-account.json');
    const account = readFileSync(accountFile, 'utf8');
    const dataDir = t.dataDir;
    await t.core.close();
    t = await startTestCore({ dataDir, simulator: {} });
    expect((await t.call('status.get', {})).secret.storage).toBe('simulator');
    expect(readFileSync(accountFile, 'utf8')).toBe(account);
  });

  it('stops when a real service is configured, and the verdicts follow the secret in force', async () => {
    t = await startTestCore({ simulator: { timeScale: 3600 } });
    await t.call('simulator.createDemoOrder', {});
    await until(
      () => t!.call('deliveries.list', { filter: {}, limit: 1 }),
      (l) => l.total > 0,
    );
    const status = await t.call('settings.setService', {
      connection: { mode: 'service', baseUrl: 'https://payouts.example.test' },
      apiToken: 'tok_real_service_token',
    });
    expect(status.service).toEqual({ mode: 'service', baseUrl: 'https://payouts.example.test', apiTokenSet: true });
    expect(status.secret).toEqual({ set: false, storage: 'none', fingerprint: null });
    expect(JSON.stringify(status)).not.toContain('tok_real_service_token');
    expect((await t.call('simulator.state', {})).running).toBe(false);
    const first = (await t.call('deliveries.list', { filter: {}, limit: 1 })).items[0]!;
    expect(first.signature).toBe('no_secret');

    await t.call('settings.setService', { connection: { mode: 'simulator' } });
    expect((await t.call('simulator.state', {})).running).toBe(true);
    expect((await t.call('deliveries.get', { id: first.id })).signature).toBe('valid');
  });
});
