import { parse } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { orderEvents, type ScenarioEvent } from 'payout-simulator/internal/scenarios/index';
import { SeededRandom } from 'payout-simulator/internal/seeded-random';
import { orderFor, startTime } from './orders';

type Body = Record<string, unknown>;
const seeds = Array.from({ length: 20 }, (_, i) => i + 1);

function events(scenario: 'gift_card_redeemed' | 'gift_card_failed', seed: number): ScenarioEvent[] {
  return orderEvents(orderFor(scenario, seed, 1), new SeededRandom(seed), { startTime, pace: 60 });
}

describe('gift-card scenarios', () => {
  it('writes the payout amount as a JSON number with the recipient amount text exactly', () => {
    for (const seed of seeds) {
      const order = orderFor('gift_card_redeemed', seed, 1);
      const payout = events('gift_card_redeemed', seed).find((e) => e.bodyText.includes('"subject_type":"payout"'))!;
      expect(payout.bodyText).toContain(`"amount":${order.recipients[0]!.amount}}`);
    }
  });

  it('redeems: sent, viewed, the payout with brand and currency, its completion once the card is issued, then redeemed', () => {
    const bodies = events('gift_card_redeemed', 4).map((e) => parse(e.bodyText) as Body);
    expect(bodies.map((b) => [b.event, b.subject_type, b.status])).toEqual([
      ['payout.processing', 'recipient', 'sent'],
      ['payout.processing', 'recipient', 'viewed'],
      ['payout.processing', 'payout', 'processing'],
      ['payout.processing', 'payout', 'completed'],
      ['payout.processing', 'recipient', 'redeemed'],
    ]);
    expect(bodies[3]).toMatchObject({ payout_uuid: bodies[2]!.payout_uuid, amount: bodies[2]!.amount });
    const [sent, viewed, payout] = bodies as [Body, Body, Body];
    expect(sent.viewed_at).toBeNull();
    expect(sent.sent_at).toBe(sent.updated_at);
    expect(viewed.viewed_at).toBe(viewed.updated_at);
    expect(payout).toMatchObject({ currency: 'EUR', sent_at: sent.sent_at, viewed_at: viewed.viewed_at });
    expect(Object.keys(payout)).toEqual(expect.arrayContaining(['payout_uuid', 'brand_uuid', 'brand_name', 'amount', 'expires_at']));
  });

  it('fails either on the recipient (claim bounced) or on the redeemed card payout', () => {
    const endings = new Set(
      seeds.map((seed) => {
        const last = parse(events('gift_card_failed', seed).at(-1)!.bodyText) as Body;
        expect(last.event).toBe('payout.failed');
        return last.subject_type;
      }),
    );
    expect(endings).toEqual(new Set(['recipient', 'payout']));
  });

  it('puts a redeemed card on its own stream', () => {
    const streams = new Set(events('gift_card_redeemed', 2).map((e) => e.streamKey.split('/')[2]));
    expect(streams).toEqual(new Set(['recipient', 'payout']));
  });
});

describe('gift-card payout identity', () => {
  it('uses the payout UUID and brand the API side gave the recipient', () => {
    const order = orderFor('gift_card_redeemed', 9, 1);
    const brand = { uuid: '11111111-2222-4333-8444-555555555555', name: 'Catalog Brand' };
    order.recipients[0] = { ...order.recipients[0]!, payout_uuid: '99999999-8888-4777-8666-555555555555', brand };
    const payout = orderEvents(order, new SeededRandom(9), { startTime })
      .map((e) => parse(e.bodyText) as Body)
      .find((b) => b.subject_type === 'payout');
    expect(payout).toMatchObject({ payout_uuid: order.recipients[0]!.payout_uuid, brand_uuid: brand.uuid, brand_name: brand.name });
  });
});
