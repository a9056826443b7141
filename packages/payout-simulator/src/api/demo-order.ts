import { SeededRandom } from '../seeded-random';
import type { PayoutOrderInput, RecipientInput } from './payout-order-schema';
import {
  catalogCurrencies,
  crossCurrencyScenario,
  drawCryptoAmount,
  drawGiftCardAmount,
  drawPerson,
  giftCardEntries,
  scenariosOf,
} from './recipient-draws';
import type { SimWorld } from './world';

/**
 * Bodies for POST /api/payout-orders that show every scenario: one crypto order (one recipient per
 * crypto scenario) and one gift-card order (two redeemed, one failed), both with `callbackUrl`.
 */
export function demoPayoutOrderRequests(world: SimWorld, callbackUrl: string): PayoutOrderInput[] {
  const random = SeededRandom.forKey(world.seed, 'demo');
  const active = world.campaigns.filter((c) => c.status === 'active');
  const crypto = active.find((c) => catalogCurrencies(world.catalog(c.uuid) ?? []).some((code) => code !== c.wallet_currency));
  const giftCards = active.find((c) => c.payout_type === 'gift_cards' && (world.catalog(c.uuid)?.length ?? 0) > 0);
  if (!crypto || !giftCards) throw new Error('the seeded world has no active crypto and gift-card campaigns');

  const offered = catalogCurrencies(world.catalog(crypto.uuid)!);
  const cryptoRecipients = scenariosOf('crypto').map(
    (scenario): RecipientInput => ({
      ...drawPerson(random),
      amount: drawCryptoAmount(random, crypto.wallet_currency),
      scenario,
      ...(scenario === crossCurrencyScenario ? { currency: offered.find((code) => code !== crypto.wallet_currency)! } : {}),
    }),
  );
  const entries = giftCardEntries(world.catalog(giftCards.uuid)!);
  const giftCardRecipients = (['gift_card_redeemed', 'gift_card_redeemed', 'gift_card_failed'] as const).map((scenario): RecipientInput => {
    const entry = random.pick(entries);
    return { ...drawPerson(random), amount: drawGiftCardAmount(random, entry), scenario, brand_uuid: entry.brand_uuid };
  });
  return [
    { campaign_id: crypto.uuid, wallet_currency: crypto.wallet_currency, recipients: cryptoRecipients, callback_url: callbackUrl },
    { campaign_id: giftCards.uuid, wallet_currency: giftCards.wallet_currency, recipients: giftCardRecipients, callback_url: callbackUrl },
  ];
}
