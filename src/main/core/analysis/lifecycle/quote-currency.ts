import { Decimal } from 'decimal.js';
import { isDecimalString } from '../../../../shared/payloads/json-values';
import { sameCurrency } from '../findings/send-request';
import { field, objectField, stringField, type JsonObject } from '../json-access';

/** Same currency by the currencies when they say; by input_to_sending_rate 1.0 otherwise (spec 2.4). */
function isSameCurrencyQuote(data: JsonObject): boolean {
  const byCurrency = sameCurrency(objectField(data, 'input_currency'), objectField(data, 'sending_currency'));
  if (byCurrency !== null) return byCurrency;
  const rate = field(data, 'input_to_sending_rate');
  return isDecimalString(rate) && new Decimal(rate).eq(1);
}

/** What spec 3's rules read of a quote's snapshot (a send request's data): one currency or two, and the input's symbol. */
export function quoteCurrency(data: JsonObject): { sameCurrency: boolean; symbol: string | null } {
  return { sameCurrency: isSameCurrencyQuote(data), symbol: stringField(objectField(data, 'input_currency'), 'symbol') };
}
