/**
 * The currencies the simulated service knows. Codes are tickers: fiat ones are three letters (gift
 * cards are paid in them); crypto ones may be longer (USDT). `id` is the internal currency id that the
 * Currency object of spec 2.4 carries, so the event side can build it from here.
 */
export interface SimCurrency {
  id: number;
  code: string;
  kind: 'fiat' | 'crypto';
  title: string;
  /** Decimal places of an amount. */
  decimals: number;
  /** Crypto only: the chain a send goes over. */
  network?: { id: number; title: string; idName: string };
}

const bitcoin = { id: 1, title: 'Bitcoin', idName: 'bitcoin' };
const ethereum = { id: 2, title: 'Ethereum', idName: 'ethereum' };
const tron = { id: 3, title: 'Tron', idName: 'tron' };
const solana = { id: 4, title: 'Solana', idName: 'solana' };
const litecoin = { id: 5, title: 'Litecoin', idName: 'litecoin' };

export const simCurrencies: readonly SimCurrency[] = [
  { id: 1, code: 'USD', kind: 'fiat', title: 'US Dollar', decimals: 2 },
  { id: 2, code: 'EUR', kind: 'fiat', title: 'Euro', decimals: 2 },
  { id: 3, code: 'GBP', kind: 'fiat', title: 'Pound Sterling', decimals: 2 },
  { id: 4, code: 'CAD', kind: 'fiat', title: 'Canadian Dollar', decimals: 2 },
  { id: 5, code: 'AUD', kind: 'fiat', title: 'Australian Dollar', decimals: 2 },
  { id: 10, code: 'BTC', kind: 'crypto', title: 'Bitcoin', decimals: 8, network: bitcoin },
  { id: 11, code: 'ETH', kind: 'crypto', title: 'Ether', decimals: 8, network: ethereum },
  { id: 12, code: 'USDT', kind: 'crypto', title: 'Tether USD', decimals: 6, network: tron },
  { id: 13, code: 'USDC', kind: 'crypto', title: 'USD Coin', decimals: 6, network: ethereum },
  { id: 14, code: 'SOL', kind: 'crypto', title: 'Solana', decimals: 8, network: solana },
  { id: 15, code: 'LTC', kind: 'crypto', title: 'Litecoin', decimals: 8, network: litecoin },
];

/** What a crypto campaign's wallet may hold; gift-card campaigns hold any fiat currency. */
export const cryptoWalletCodes: readonly string[] = ['USDT', 'USDC', 'BTC', 'ETH'];

export const fiatCodes: readonly string[] = simCurrencies.filter((c) => c.kind === 'fiat').map((c) => c.code);
export const cryptoCodes: readonly string[] = simCurrencies.filter((c) => c.kind === 'crypto').map((c) => c.code);

export function findCurrency(code: string): SimCurrency | undefined {
  return simCurrencies.find((c) => c.code === code);
}

/** Rough value of one unit in USD, to draw amounts of similar worth across currencies. */
export const usdPerUnit: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  CAD: 0.73,
  AUD: 0.66,
  BTC: 64_000,
  ETH: 3_100,
  USDT: 1,
  USDC: 1,
  SOL: 145,
  LTC: 72,
};
