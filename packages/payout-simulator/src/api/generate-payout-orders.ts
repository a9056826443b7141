import type { SimPayoutOrder, SimRecipient } from '../model';
import { historyEnd } from './history';
import { finalStatusOf, payoutRecord } from './payout-records';
import { SeededRandom } from '../seeded-random';
import type { ApiCampaign, ApiCatalogEntry, ApiPayout } from './records';
import {
  catalogCurrencies,
  drawCryptoAmount,
  drawCryptoCurrency,
  drawGiftCardAmount,
  drawPerson,
  drawScenario,
  giftCardEntries,
} from './recipient-draws';

const orderCount = 260;
const callbackUrl = 'https://merchant.example/webhooks/payouts';

export interface StoredPayoutOrder {
  order: SimPayoutOrder;
  payouts: ApiPayout[];
}

function historicRecipient(random: SeededRandom, campaign: ApiCampaign, catalog: readonly ApiCatalogEntry[]): SimRecipient {
  const person = drawPerson(random);
  const base = { uuid: random.uuid(), payout_uuid: random.uuid(), ...person };
  if (campaign.payout_type === 'gift_cards') {
    const entry = random.pick(giftCardEntries(catalog));
    const scenario = drawScenario(random, 'gift_cards', campaign.wallet_currency, [], undefined);
    const amount = drawGiftCardAmount(random, entry);
    return { ...base, amount, currency: campaign.wallet_currency, scenario, brand: { uuid: entry.brand_uuid, name: entry.brand_name } };
  }
  const offered = catalogCurrencies(catalog);
  const scenario = drawScenario(random, 'crypto', campaign.wallet_currency, offered, undefined);
  const currency = drawCryptoCurrency(random, scenario, campaign.wallet_currency, offered);
  return { ...base, amount: drawCryptoAmount(random, campaign.wallet_currency), currency, scenario };
}

/** Finished payout orders of the past year, each recipient's payout at its scenario's final status. */
export function generatePayoutOrders(
  seed: number,
  campaigns: readonly ApiCampaign[],
  catalogs: ReadonlyMap<string, readonly ApiCatalogEntry[]>,
): StoredPayoutOrder[] {
  const random = SeededRandom.forKey(seed, 'payout-orders');
  const payable = campaigns.filter((c) => (catalogs.get(c.uuid)?.length ?? 0) > 0);
  const stored: StoredPayoutOrder[] = [];
  for (let i = 0; i < orderCount; i++) {
    const campaign = random.pick(payable);
    const catalog = catalogs.get(campaign.uuid)!;
    const createdAt = random.instant(Date.parse(campaign.created_at), historyEnd);
    const recipients = Array.from({ length: random.int(1, 6) }, () => historicRecipient(random, campaign, catalog));
    const order: SimPayoutOrder = {
      uuid: random.uuid(),
      campaign_id: campaign.uuid,
      payout_type: campaign.payout_type,
      wallet_currency: campaign.wallet_currency,
      callback_url: random.chance(0.7) ? callbackUrl : null,
      created_at: createdAt.toISOString(),
      recipients,
    };
    const payouts = recipients.map((r) => {
      const finishedAt = new Date(createdAt.getTime() + random.int(60, 3 * 86_400) * 1000);
      return payoutRecord(order, r, finalStatusOf(r.scenario), finishedAt.toISOString());
    });
    stored.push({ order, payouts });
  }
  return stored;
}
