import { fiatCodes } from './currencies';
import { historyStart } from './history';
import type { SeededRandom } from '../seeded-random';
import type { ApiProduct } from './records';
import { brandFirstWords, brandSecondWords, countryOfCurrency } from './vocabulary';

const fixedFaceValues = [5, 10, 15, 20, 25, 50, 75, 100, 150, 200, 250, 500];
const brandCount = 130;

function drawBrandNames(random: SeededRandom): Array<{ name: string; category: string }> {
  const all = Object.entries(brandSecondWords).flatMap(([category, seconds]) =>
    brandFirstWords.flatMap((first) => seconds.map((second) => ({ name: `${first} ${second}`, category }))),
  );
  return random.shuffled(all).slice(0, brandCount);
}

function drawValues(random: SeededRandom): Pick<ApiProduct, 'value_type' | 'denominations' | 'min_value' | 'max_value'> {
  if (random.chance(0.6)) {
    const start = random.int(0, 5);
    const denominations = fixedFaceValues.slice(start, start + random.int(3, 6));
    return { value_type: 'fixed', denominations, min_value: denominations[0]!, max_value: denominations.at(-1)! };
  }
  const min = random.pick([1, 5, 10]);
  return { value_type: 'range', denominations: [], min_value: min, max_value: random.pick([200, 250, 500, 1000]) };
}

/** Gift-card products: each brand in one to four fiat currencies, USD most often. Sorted brand name A to Z. */
export function generateProducts(random: SeededRandom): ApiProduct[] {
  const products: ApiProduct[] = [];
  for (const brand of drawBrandNames(random)) {
    const brandUuid = random.uuid();
    const currencies = fiatCodes.filter((code) => random.chance(code === 'USD' ? 0.9 : 0.35));
    if (currencies.length === 0) currencies.push('USD');
    for (const currency of currencies) {
      products.push({
        uuid: random.uuid(),
        brand_uuid: brandUuid,
        brand_name: brand.name,
        name: `${brand.name} ${countryOfCurrency[currency]} gift card`,
        category: brand.category,
        country: countryOfCurrency[currency]!,
        currency,
        ...drawValues(random),
        redemption: random.pick(['online', 'in_store', 'online_and_in_store'] as const),
        created_at: random.instant(historyStart - 400 * 86_400_000, historyStart).toISOString(),
      });
    }
  }
  return products.sort(byBrandName);
}

function byBrandName(a: ApiProduct, b: ApiProduct): number {
  return a.brand_name.localeCompare(b.brand_name, 'en') || a.currency.localeCompare(b.currency, 'en') || (a.uuid < b.uuid ? -1 : 1);
}
