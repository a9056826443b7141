import { Decimal } from 'decimal.js';
import type { Finding } from '../../../../shared/verdicts';
import { isDecimalString, isJsonInteger, jsonNumberText } from '../../../../shared/payloads/json-values';
import { SendRequest } from '../../../../shared/payloads/send-request';
import { field, objectField, stringField, type JsonObject } from '../json-access';
import { finding } from './catalog';
import { schemaFindings } from './schema-issues';
import { quote } from './text';

export type CryptoArea = 'form_a' | 'form_b';

/** Same currency when both ids are integers and equal; otherwise by ticker symbol; null when unknown. */
export function sameCurrency(a: JsonObject | null, b: JsonObject | null): boolean | null {
  if (a === null || b === null) return null;
  const idA = field(a, 'id');
  const idB = field(b, 'id');
  if (isJsonInteger(idA) && isJsonInteger(idB)) return new Decimal(jsonNumberText(idA)).eq(jsonNumberText(idB));
  const symbolA = stringField(a, 'symbol');
  const symbolB = stringField(b, 'symbol');
  return symbolA !== null && symbolB !== null ? symbolA === symbolB : null;
}

/** Spec 2.4: a same-currency send has input_to_sending_rate 1.0 and no conversion fee. */
export function sameCurrencyFindings(data: JsonObject, area: CryptoArea): Finding[] {
  if (sameCurrency(objectField(data, 'input_currency'), objectField(data, 'sending_currency')) !== true) return [];
  const findings: Finding[] = [];
  const rate = field(data, 'input_to_sending_rate');
  if (isDecimalString(rate) && !new Decimal(rate).eq(1)) {
    findings.push(
      finding(
        `${area}.same_currency_rate_not_one`,
        '$.data.input_to_sending_rate',
        `input_to_sending_rate is ${quote(rate)} on a same-currency send; it is 1.0 there.`,
      ),
    );
  }
  if (field(objectField(data, 'fees'), 'conversion_fee') !== undefined) {
    findings.push(
      finding(
        `${area}.conversion_fee_on_same_currency`,
        '$.data.fees.conversion_fee',
        'fees.conversion_fee appears on a same-currency send; it is only on cross-currency sends.',
      ),
    );
  }
  return findings;
}

/** `data` as the send-request snapshot of spec 2.4: field types, decimal-string amounts, same-currency rules. */
export function sendRequestFindings(body: JsonObject, area: CryptoArea): Finding[] {
  const findings = schemaFindings(SendRequest, body, { area, at: ['data'] });
  const data = objectField(body, 'data');
  if (data !== null) findings.push(...sameCurrencyFindings(data, area));
  return findings;
}
