import { cryptoCodes, cryptoWalletCodes, findCurrency, fiatCodes, usdPerUnit } from './currencies';
import { historyEnd, historyStart } from './history';
import { SeededRandom } from '../seeded-random';
import type { ApiCampaign, ApiCatalogEntry, ApiProduct, CampaignStatus } from './records';
import { campaignThemes } from './vocabulary';

export interface GeneratedCampaigns {
  campaigns: ApiCampaign[];
  catalogs: Map<string, ApiCatalogEntry[]>;
}

const campaignCount = 240;
/** Guarantees every seed has a campaign with an empty catalog (archived, so it takes no orders). */
const emptyCatalogIndex = 7;

function giftCardCatalog(random: SeededRandom, campaign: ApiCampaign, products: readonly ApiProduct[]): ApiCatalogEntry[] {
  const share = random.pick([0.3, 0.6, 1]);
  const offered = products.filter((p) => p.currency === campaign.wallet_currency);
  const chosen = offered.filter(() => random.chance(share));
  return (chosen.length > 0 ? chosen : offered).map((p) => ({
      uuid: random.uuid(),
      campaign_id: campaign.uuid,
      item_type: 'gift_card',
      product_uuid: p.uuid,
      brand_uuid: p.brand_uuid,
      brand_name: p.brand_name,
      currency: p.currency,
      value_type: p.value_type,
      denominations: p.denominations,
      min_value: p.min_value,
      max_value: p.max_value,
    }));
}

function cryptoCatalog(random: SeededRandom, campaign: ApiCampaign): ApiCatalogEntry[] {
  const codes = cryptoCodes.filter((code) => code === campaign.wallet_currency || random.chance(0.6));
  return codes.map((code) => {
    const currency = findCurrency(code)!;
    const unitUsd = usdPerUnit[code]!;
    return {
      uuid: random.uuid(),
      campaign_id: campaign.uuid,
      item_type: 'crypto',
      currency: code,
      title: currency.title,
      network: { id: currency.network!.id, title: currency.network!.title, id_name: currency.network!.idName },
      min_amount: (1 / unitUsd).toFixed(currency.decimals),
      max_amount: (10_000 / unitUsd).toFixed(currency.decimals),
    };
  });
}

function drawStatus(random: SeededRandom): CampaignStatus {
  const roll = random.next();
  return roll < 0.75 ? 'active' : roll < 0.88 ? 'paused' : 'archived';
}

/** Campaigns oldest first, about half crypto and half gift cards, each with its catalog. */
export function generateCampaigns(seed: number, products: readonly ApiProduct[]): GeneratedCampaigns {
  const random = SeededRandom.forKey(seed, 'campaigns');
  const campaigns: ApiCampaign[] = [];
  const catalogs = new Map<string, ApiCatalogEntry[]>();
  for (let index = 0; index < campaignCount; index++) {
    const payoutType = index === emptyCatalogIndex || random.chance(0.5) ? 'gift_cards' : 'crypto';
    const walletCurrency = payoutType === 'crypto' ? random.pick(cryptoWalletCodes) : random.pick(fiatCodes);
    const forcedEmpty = index === emptyCatalogIndex;
    const status = forcedEmpty ? 'archived' : drawStatus(random);
    const createdAt = random.instant(historyStart, historyEnd).toISOString();
    const campaign: ApiCampaign = {
      uuid: random.uuid(),
      name: `${random.pick(campaignThemes)} ${createdAt.slice(0, 7)}`,
      payout_type: payoutType,
      wallet_currency: walletCurrency,
      status,
      catalog_size: 0,
      created_at: createdAt,
    };
    const catalogRandom = SeededRandom.forKey(seed, `catalog:${index}`);
    const emptied = forcedEmpty || (status === 'archived' && catalogRandom.chance(0.3));
    const catalog = emptied
      ? []
      : payoutType === 'crypto'
        ? cryptoCatalog(catalogRandom, campaign)
        : giftCardCatalog(catalogRandom, campaign, products);
    campaign.catalog_size = catalog.length;
    campaigns.push(campaign);
    catalogs.set(campaign.uuid, catalog);
  }
  campaigns.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.uuid < b.uuid ? -1 : 1));
  return { campaigns, catalogs };
}
