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
