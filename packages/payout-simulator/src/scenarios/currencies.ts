import { findCurrency, usdPerUnit } from '../api/currencies';
import { hashText } from '../seeded-random';

/** A chain as the send-request snapshot names it (beneficiary_payout_setting.platform). */
export interface Platform {
  id: number;
  title: string;
  id_name: string;
}

/** The spec 2.4 Currency object. */
export interface CurrencyObject {
  id: number;
  kind: 'fiat' | 'crypto';
  title: string;
  symbol: string;
  enabled: boolean;
  disabled_message: string | null;
}

export type AddressStyle = 'evm' | 'bitcoin' | 'litecoin' | 'solana' | 'tron';

export interface CurrencyInfo {
  object: CurrencyObject;
  /** Digits after the point in amounts of this currency. */
  decimals: number;
  /** Price in US dollars, the pivot of every simulated FX rate. */
  usdPrice: string;
  platform: Platform;
  addressStyle: AddressStyle;
}

// A fiat currency on a crypto send has no chain of its own; the snapshot still names one.
const defaultPlatform: Platform = { id: 2, title: 'Ethereum', id_name: 'ethereum' };
const addressStyles: Record<string, AddressStyle> = { bitcoin: 'bitcoin', litecoin: 'litecoin', solana: 'solana', tron: 'tron' };

/**
 * The simulator's view of a currency code, from the API side's catalog (so ids and titles match the lists);
 * an unknown code gets a stable made-up entry priced at 1 USD.
 */
export function currencyInfo(code: string): CurrencyInfo {
  const symbol = code.toUpperCase();
  const known = findCurrency(symbol);
  const network = known?.network;
  const platform = network ? { id: network.id, title: network.title, id_name: network.idName } : defaultPlatform;
  return {
    object: {
      id: known?.id ?? 900 + (hashText(symbol) % 99),
      kind: known?.kind ?? 'crypto',
      title: known?.title ?? symbol,
      symbol,
      enabled: true,
      disabled_message: null,
    },
    decimals: known?.decimals ?? 8,
    usdPrice: String(usdPerUnit[symbol] ?? 1),
    platform,
    addressStyle: addressStyles[platform.id_name] ?? 'evm',
  };
}

/** A currency other than `code` for the input side of a cross-currency send whose two codes coincide. */
export function otherCurrency(code: string): CurrencyInfo {
  return currencyInfo(code.toUpperCase() === 'USD' ? 'EUR' : 'USD');
}
