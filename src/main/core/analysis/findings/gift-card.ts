import type { Finding } from '../../../../shared/verdicts';
import { GiftCardPayoutProcessingBody, giftCardNullableKeys, giftCardSchemaFor } from '../../../../shared/payloads/gift-card';
import { isDetailedCryptoEvent } from '../../../../shared/payloads/events';
import { field, has, jsonPath, type JsonObject } from '../json-access';
import { finding } from './catalog';
import { quote } from './text';
import { schemaFindings } from './schema-issues';

const payoutProcessingKeys = new Set(['payout_uuid', 'brand_uuid', 'brand_name', 'amount'].map((key) => jsonPath([key])));

function missingNote(path: string): string | null {
  if (path === '$.currency') return 'present on payout.processing';
  if (payoutProcessingKeys.has(path)) return 'required on payout.processing with subject_type payout';
  return null;
}

const schemaKeys = new Set([...Object.keys(GiftCardPayoutProcessingBody.shape), 'data']);

/** Nulls in keys the schema does not know: the spec sends no null "just because it does not apply". */
function unknownNullFindings(body: JsonObject): Finding[] {
  return Object.entries(body)
    .filter(([key, value]) => value === null && !schemaKeys.has(key) && !giftCardNullableKeys.includes(key))
    .map(([key]) =>
      finding(
        'giftcard.unknown_key_null',
        jsonPath([key]),
        `${jsonPath([key])} is null; gift-card bodies send no key as null just because it does not apply.`,
      ),
    );
}

/** Spec 2.2: field presence and types, the payout.processing extras, no `data`, no crypto-only events. */
export function giftCardFindings(body: JsonObject): Finding[] {
  const event = field(body, 'event');
  const schema = giftCardSchemaFor(event, field(body, 'subject_type'));
  const findings = schemaFindings(schema, body, {
    area: 'giftcard',
    skip: ['$.event', '$.payout_type'],
    codes: { '$.subject_type': 'giftcard.subject_type_unknown', '$.amount': 'giftcard.amount_not_number' },
    missingNote,
  });
  if (has(body, 'data')) {
    findings.push(finding('giftcard.data_key_present', '$.data', 'A gift-card body is one flat object with no "data" key.'));
  }
  findings.push(...unknownNullFindings(body));
  if (isDetailedCryptoEvent(event)) {
    findings.push(
      finding('giftcard.crypto_only_event', '$.event', `Event ${quote(event)} is sent for crypto payouts only, not gift cards.`),
    );
  }
  return findings;
}
