import type { Finding } from '../../../../shared/verdicts';
import { CryptoFormBBody, formBKeys } from '../../../../shared/payloads/crypto-form-b';
import { giftCardKeys } from '../../../../shared/payloads/gift-card';
import { objectField, type JsonObject } from '../json-access';
import { finding } from './catalog';
import { sameCurrencyFindings } from './send-request';
import { schemaFindings } from './schema-issues';
import { quote } from './text';

function keyList(keys: string[]): string {
  const shown = keys.slice(0, 5).map((key) => quote(key, 30));
  return keys.length > shown.length ? `${shown.join(', ')} and ${keys.length - shown.length} more` : shown.join(', ');
}

/** Form B has exactly event, payout_type, data: gift-card keys there are an error, other keys a warning (spec 9). */
function extraKeyFindings(body: JsonObject): Finding[] {
  const extra = Object.keys(body).filter((key) => !formBKeys.includes(key));
  const giftKeys = extra.filter((key) => giftCardKeys.includes(key));
  const otherKeys = extra.filter((key) => !giftCardKeys.includes(key));
  const findings: Finding[] = [];
  if (giftKeys.length > 0) {
    findings.push(
      finding(
        'form_b.gift_card_keys_present',
        '$',
        `Gift-card keys ${keyList(giftKeys)} appear on a crypto wrapper body; Form B has none.`,
      ),
    );
  }
  if (otherKeys.length > 0) {
    findings.push(
      finding('form_b.extra_keys', '$', `Keys ${keyList(otherKeys)} are beyond Form B's exactly three (event, payout_type, data).`),
    );
  }
  return findings;
}

/** Crypto Form B (spec 2.3), also run on crypto bodies with `data` that missed the form by extra keys. */
export function formBFindings(body: JsonObject): Finding[] {
  const findings = [
    ...extraKeyFindings(body),
    ...schemaFindings(CryptoFormBBody, body, { area: 'form_b', skip: ['$.event', '$.payout_type'] }),
  ];
  const data = objectField(body, 'data');
  if (data !== null) findings.push(...sameCurrencyFindings(data, 'form_b'));
  return findings;
}
