import type { PayoutType, ScenarioName } from '../model';
import { scenariosOf } from '../names';
import { findCurrency, usdPerUnit } from './currencies';
import type { SeededRandom } from '../seeded-random';
import type { ApiCatalogEntry, ApiGiftCardCatalogEntry } from './records';
import { emailDomains, firstNames, lastNames } from './vocabulary';

export { scenariosOf };

/** Scenarios that fix whether the recipient's currency differs from the wallet's. */
export const sameCurrencyScenario: ScenarioName = 'crypto_same_currency_completed';
export const crossCurrencyScenario: ScenarioName = 'crypto_cross_currency_completed';

/** Crypto currencies of a campaign's catalog (what its recipients may be paid in). */
export function catalogCurrencies(catalog: readonly ApiCatalogEntry[]): string[] {
  return catalog.filter((e) => e.item_type === 'crypto').map((e) => e.currency);
}

export function giftCardEntries(catalog: readonly ApiCatalogEntry[]): ApiGiftCardCatalogEntry[] {
  return catalog.filter((e): e is ApiGiftCardCatalogEntry => e.item_type === 'gift_card');
}

/** A scenario compatible with what is already fixed: the payout type and, when given, the currency. */
export function drawScenario(
  random: SeededRandom,
  payoutType: PayoutType,
  walletCurrency: string,
  offeredCurrencies: readonly string[],
  currency: string | undefined,
): ScenarioName {
  const canCross = offeredCurrencies.some((code) => code !== walletCurrency);
  const candidates = scenariosOf(payoutType).filter((name) => {
    if (name === crossCurrencyScenario) return currency === undefined ? canCross : currency !== walletCurrency;
    if (name === sameCurrencyScenario) return currency === undefined || currency === walletCurrency;
    return true;
  });
  return random.pick(candidates);
}

/** The currency a crypto recipient is paid in: forced by the two currency scenarios, otherwise mostly the wallet's. */
export function drawCryptoCurrency(
  random: SeededRandom,
  scenario: ScenarioName,
  walletCurrency: string,
  offeredCurrencies: readonly string[],
): string {
  const others = offeredCurrencies.filter((code) => code !== walletCurrency);
  if (scenario === sameCurrencyScenario || others.length === 0) return walletCurrency;
  if (scenario === crossCurrencyScenario || random.chance(0.3)) return random.pick(others);
  return walletCurrency;
}

export function drawPerson(random: SeededRandom): { name: string; email: string } {
  const first = random.pick(firstNames);
  const last = random.pick(lastNames);
  const email = `${first}.${last}${random.int(1, 999)}@${random.pick(emailDomains)}`.toLowerCase();
  return { name: `${first} ${last}`, email };
}

/** A crypto amount worth about 5 to 500 USD, in the wallet currency's precision. */
export function drawCryptoAmount(random: SeededRandom, walletCurrency: string): string {
  const unitUsd = usdPerUnit[walletCurrency] ?? 1;
  return random.decimal(5 / unitUsd, 500 / unitUsd, findCurrency(walletCurrency)?.decimals ?? 2);
}

/** A face value the brand offers: one of its denominations, or a whole amount in its range. */
export function drawGiftCardAmount(random: SeededRandom, entry: ApiGiftCardCatalogEntry): string {
  const value = entry.value_type === 'fixed' ? random.pick(entry.denominations) : random.int(entry.min_value, Math.min(entry.max_value, 250));
  return value.toFixed(2);
}
