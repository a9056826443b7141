import { Decimal } from 'decimal.js';
import type { SimPayoutOrder, SimRecipient } from '../model';
import { currencyInfo, otherCurrency, type CurrencyInfo } from './currencies';

/** The money side of one crypto send: currencies, amounts, rates and fees as decimal strings (spec 2.4). */
export interface SendQuote {
  crossCurrency: boolean;
  input: CurrencyInfo;
  sending: CurrencyInfo;
  balanceDebit: CurrencyInfo;
  inputAmount: string;
  sendingAmount: string;
  inputToSendingRate: string;
  balanceDebitAmount: string;
  sendingToBalanceDebitRate: string;
  serviceFee: string;
  /** Only on cross-currency sends. */
  conversionFee: string | null;
}

const serviceFeeRate = new Decimal('0.01');
const conversionFeeRate = new Decimal('0.005');
const sameCurrencyRate = '1.0';

function amountOf(text: string): Decimal {
  try {
    const amount = new Decimal(text);
    return amount.isFinite() && amount.gt(0) ? amount : new Decimal(100);
  } catch {
    return new Decimal(100);
  }
}

/** Plain notation, never an exponent: decimal strings must parse as written. */
function rateText(rate: Decimal): string {
  return rate.toSignificantDigits(10).toFixed();
}

function rateBetween(from: CurrencyInfo, to: CurrencyInfo): Decimal {
  return new Decimal(from.usdPrice).div(to.usdPrice);
}

function minimumUnit(currency: CurrencyInfo): Decimal {
  return new Decimal(10).pow(-currency.decimals);
}

function roundTo(value: Decimal, currency: CurrencyInfo, mode: Decimal.Rounding = Decimal.ROUND_HALF_UP): Decimal {
  return value.toDecimalPlaces(currency.decimals, mode);
}

function inputCurrency(wallet: CurrencyInfo, sending: CurrencyInfo, crossCurrency: boolean): CurrencyInfo {
  if (!crossCurrency) return sending;
  return wallet.object.symbol !== sending.object.symbol ? wallet : otherCurrency(sending.object.symbol);
}

/**
 * Prices the send: the wallet currency is debited; the recipient is paid in their currency. A same-currency
 * send pays in the recipient's currency at rate 1.0 with no conversion fee; a cross-currency one converts from
 * the wallet currency (or, when the two codes coincide, from another currency so an FX exchange still happens).
 */
export function quoteSend(order: SimPayoutOrder, recipient: SimRecipient, crossCurrency: boolean): SendQuote {
  const wallet = currencyInfo(order.wallet_currency);
  const sending = currencyInfo(recipient.currency);
  const input = inputCurrency(wallet, sending, crossCurrency);
  const inputAmount = roundTo(amountOf(recipient.amount).mul(rateBetween(wallet, input)), input);
  // Amounts are computed from the rate as written, so a receiver recomputing them gets the same figures.
  const inputToSending = crossCurrency ? new Decimal(rateText(rateBetween(input, sending))) : new Decimal(1);
  const sendingAmount = roundTo(inputAmount.mul(inputToSending), sending, Decimal.ROUND_DOWN);
  const sameDebit = sending.object.symbol === wallet.object.symbol;
  const sendingToDebit = sameDebit ? new Decimal(1) : new Decimal(rateText(rateBetween(sending, wallet)));
  const debitBase = sendingAmount.mul(sendingToDebit);
  const fee = (rate: Decimal) => roundTo(Decimal.max(debitBase.mul(rate), minimumUnit(wallet)), wallet);
  const serviceFee = fee(serviceFeeRate);
  const conversionFee = crossCurrency ? fee(conversionFeeRate) : null;
  const balanceDebitAmount = roundTo(debitBase.plus(serviceFee).plus(conversionFee ?? 0), wallet);
  return {
    crossCurrency,
    input,
    sending,
    balanceDebit: wallet,
    inputAmount: inputAmount.toFixed(input.decimals),
    sendingAmount: sendingAmount.toFixed(sending.decimals),
    inputToSendingRate: crossCurrency ? rateText(inputToSending) : sameCurrencyRate,
    balanceDebitAmount: balanceDebitAmount.toFixed(wallet.decimals),
    sendingToBalanceDebitRate: sameDebit ? sameCurrencyRate : rateText(sendingToDebit),
    serviceFee: serviceFee.toFixed(wallet.decimals),
    conversionFee: conversionFee === null ? null : conversionFee.toFixed(wallet.decimals),
  };
}
