import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { SimWorld } from 'payout-simulator/internal/api/world';
import { findCurrency } from 'payout-simulator/internal/api/currencies';
import { scenarioNames } from 'payout-simulator/internal/model';
import { validatePayoutOrder } from 'payout-simulator/internal/api/create-payout-order';
import { orderEvents } from 'payout-simulator/internal/scenarios/order-events';
import { SeededRandom } from 'payout-simulator/internal/seeded-random';
import { randomUUID } from 'node:crypto';

const world = new SimWorld(1);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/;

function isSortedBy<T>(items: readonly T[], compare: (a: T, b: T) => number): boolean {
  return items.every((item, i) => i === 0 || compare(items[i - 1]!, item) <= 0);
}

describe('the seeded world', () => {
  it('gives the same records for the same seed and other records for another', () => {
    const again = new SimWorld(1);
    const other = new SimWorld(2);
    for (const list of ['products', 'campaigns', 'orders', 'transactions'] as const) {
      expect(again[list]).toEqual(world[list]);
      expect(other[list]).not.toEqual(world[list]);
    }
    expect(again.payoutOrders()).toEqual(world.payoutOrders());
    expect(again.payouts()).toEqual(world.payouts());
    expect(again.catalog(world.campaigns[0]!.uuid)).toEqual(world.catalog(world.campaigns[0]!.uuid));
  });

  it('has hundreds of records in each list, with UUID ids and ISO-8601 times', () => {
    for (const list of [world.products, world.campaigns, world.orders, world.transactions, world.payoutOrders(), world.payouts()]) {
      expect(list.length).toBeGreaterThanOrEqual(200);
      expect(new Set(list.map((r) => r.uuid)).size).toBe(list.length);
      for (const record of list) {
        expect(record.uuid).toMatch(uuid);
        expect(record.created_at).toMatch(iso);
      }
    }
  });

  it('sorts products by brand name A to Z and orders, payout orders and payouts newest first', () => {
    expect(isSortedBy(world.products, (a, b) => a.brand_name.localeCompare(b.brand_name, 'en'))).toBe(true);
    const lists: Array<readonly { created_at: string }[]> = [world.orders, world.transactions, world.payoutOrders(), world.payouts()];
    for (const list of lists) {
      expect(isSortedBy(list, (a, b) => b.created_at.localeCompare(a.created_at))).toBe(true);
    }
  });

  it('types money as the webhooks do: decimal strings for crypto, JSON numbers for fiat', () => {
    for (const order of world.orders) {
      expect(typeof order.total_amount).toBe(order.payout_type === 'crypto' ? 'string' : 'number');
    }
    for (const payout of world.payouts()) {
      expect(typeof payout.amount).toBe(payout.payout_type === 'crypto' ? 'string' : 'number');
      if (payout.payout_type === 'gift_cards') expect(payout).toMatchObject({ brand_uuid: expect.stringMatching(uuid), brand_name: expect.any(String) });
    }
    for (const t of world.transactions) {
      const kind = findCurrency(t.currency)!.kind;
      expect(typeof t.amount).toBe(kind === 'crypto' ? 'string' : 'number');
      expect(new Decimal(t.balance_after).isNegative()).toBe(false);
    }
  });

  it('gives each campaign a payout type, a wallet currency of that kind and a catalog to match', () => {
    for (const campaign of world.campaigns) {
      const catalog = world.catalog(campaign.uuid)!;
      expect(catalog).toHaveLength(campaign.catalog_size);
      expect(findCurrency(campaign.wallet_currency)!.kind).toBe(campaign.payout_type === 'crypto' ? 'crypto' : 'fiat');
      for (const entry of catalog) {
        expect(entry.item_type).toBe(campaign.payout_type === 'crypto' ? 'crypto' : 'gift_card');
        if (entry.item_type === 'gift_card') expect(entry.currency).toBe(campaign.wallet_currency);
      }
      if (campaign.catalog_size === 0) expect(campaign.status).toBe('archived');
    }
    expect(world.campaigns.some((c) => c.catalog_size === 0)).toBe(true);
    expect(Math.max(...world.campaigns.map((c) => c.catalog_size))).toBeGreaterThan(40);
    expect(world.catalog('no-such-campaign')).toBeUndefined();
  });

  it('lists one payout per recipient, each scenario of the payout type', () => {
    const recipients = world.payoutOrders().flatMap((o) => o.recipients.map((r) => ({ order: o, r })));
    expect(world.payouts()).toHaveLength(recipients.length);
    const payoutsByUuid = new Map(world.payouts().map((p) => [p.uuid, p]));
    for (const { order, r } of recipients) {
      expect(payoutsByUuid.get(r.payout_uuid)).toMatchObject({ recipient_uuid: r.uuid, payout_order_uuid: order.uuid });
      expect(r.scenario.startsWith('crypto_')).toBe(order.payout_type === 'crypto');
    }
    expect(new Set(recipients.map(({ r }) => r.scenario))).toEqual(new Set(scenarioNames));
  });

  it('moves a created order’s payouts as its webhook events occur: pending, processing, then where each scenario ends', () => {
    let now = new Date('2026-02-03T04:05:06.000Z');
    const fresh = new SimWorld(3, () => now);
    const campaign = fresh.campaigns.find((c) => c.status === 'active' && c.payout_type === 'crypto')!;
    const created = validatePayoutOrder(
      {
        campaign_id: campaign.uuid,
        wallet_currency: campaign.wallet_currency,
        recipients: [
          { email: 'ada@example.com', name: 'Ada', amount: '1.5', scenario: 'crypto_same_currency_completed' },
          { email: 'bob@example.com', name: 'Bob', amount: '2', scenario: 'crypto_failed' },
        ],
      },
      { world: fresh, now, newUuid: randomUUID },
    );
    if (!created.ok) throw new Error('expected a valid order');
    const { order } = created;
    const events = orderEvents(order, SeededRandom.forKey(3, 'order', order.uuid), { startTime: new Date(now.getTime() + 1000) });
    const times = (i: number) => events.filter((e) => e.recipientUuid === order.recipients[i]!.uuid).map((e) => e.occurredAt.getTime());
    const statusesAt = (at: number) => {
      now = new Date(at);
      const payouts = fresh.payouts().filter((p) => p.payout_order_uuid === order.uuid);
      const byRecipient = order.recipients.map((r) => payouts.find((p) => p.recipient_uuid === r.uuid)!);
      return {
        payouts: byRecipient.map((p) => [p.status, p.updated_at]),
        order: fresh.payoutOrders().find((o) => o.uuid === order.uuid)!.status,
      };
    };

    expect(fresh.addPayoutOrder(order, events).status).toBe('processing');
    const iso = (t: number) => new Date(t).toISOString();
    expect(statusesAt(now.getTime())).toEqual({ payouts: [['pending', order.created_at], ['pending', order.created_at]], order: 'processing' });
    // Each payout: processing from its first event (still a moment before its last), then its scenario's end;
    // looked at in time order, as the clock only moves forward.
    const ends = ['completed', 'failed'];
    const checks = [0, 1].flatMap((i) => {
      const [first, last] = [Math.min(...times(i)), Math.max(...times(i))];
      expect(first).toBeLessThan(last);
      return [
        { at: first, i, expected: ['processing', iso(first)] },
        { at: last - 1, i, expected: ['processing', iso(first)] },
        { at: last, i, expected: [ends[i], iso(last)] },
      ];
    });
    for (const { at, i, expected } of checks.sort((a, b) => a.at - b.at)) expect(statusesAt(at).payouts[i]).toEqual(expected);
    const lastOfAll = Math.max(...times(0), ...times(1));
    expect(statusesAt(lastOfAll)).toEqual({
      payouts: [['completed', iso(Math.max(...times(0)))], ['failed', iso(Math.max(...times(1)))]],
      order: 'partially_completed',
    });
  });
});
