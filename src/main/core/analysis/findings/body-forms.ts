import type { Finding, PayloadForm } from '../../../../shared/verdicts';
import { isDetailedCryptoEvent } from '../../../../shared/payloads/events';
import { field, has, type JsonObject } from '../json-access';
import { cryptoShapeFinding, envelopeFindings } from './envelope';
import { formAFindings } from './form-a';
import { formBFindings } from './form-b';
import { giftCardFindings } from './gift-card';
import { cardSecretFindings } from './security';

/** A body of no known form is checked against the form it comes closest to, so the finding says what is off. */
function nearestFormFindings(body: JsonObject): Finding[] {
  if (isDetailedCryptoEvent(field(body, 'event'))) return formAFindings(body);
  if (field(body, 'payout_type') !== 'crypto') return [];
  return has(body, 'data') ? formBFindings(body) : [cryptoShapeFinding()];
}

/** The findings of a body that parsed as a JSON object, by form: from the body alone (a retry's are the same). */
export function bodyFormFindings(body: JsonObject, form: PayloadForm): Finding[] {
  const findings = envelopeFindings(body, form);
  switch (form) {
    case 'gift_cards':
      return [...findings, ...giftCardFindings(body), ...cardSecretFindings(body)];
    case 'crypto_form_a':
      return [...findings, ...formAFindings(body)];
    case 'crypto_form_b':
      return [...findings, ...formBFindings(body)];
    case 'unknown':
      return [...findings, ...nearestFormFindings(body)];
    case 'unparseable':
      return findings;
  }
}
