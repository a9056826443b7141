import type { Finding, PayloadForm, SignatureCheck } from '../../../../shared/verdicts';
import { isJsonObject, jsonPath, type JsonObject } from '../json-access';
import { finding } from './catalog';

const signaturePath = 'headers.X-Service-Signature';

/** The signature verdict as a finding; a valid signature gives none (bar an uppercase-hex note). */
export function signatureFindings(check: SignatureCheck, form: PayloadForm): Finding[] {
  switch (check.verdict) {
    case 'invalid':
      return [finding('signature.invalid', signaturePath, `Signature invalid: ${check.reason} A receiver rejects this delivery.`)];
    case 'malformed':
      return [finding('signature.malformed', signaturePath, `Signature malformed: ${check.reason}`)];
    case 'missing':
      return form === 'crypto_form_a'
        ? [
            finding(
              'signature.missing',
              signaturePath,
              'No X-Service-Signature; the spec does not say whether Form A deliveries are signed.',
              'info',
            ),
          ]
        : [finding('signature.missing', signaturePath, 'No X-Service-Signature; every delivery is signed (spec 5).')];
    case 'no_secret':
      return [finding('signature.no_secret', signaturePath, 'No signing secret is set, so the signature was not checked.')];
    case 'valid':
      break;
  }
  return [];
}

export function uppercaseHexFindings(check: SignatureCheck): Finding[] {
  if (check.verdict === 'malformed' || check.received === null || !/[A-F]/.test(check.received)) return [];
  return [
    finding(
      'signature.uppercase_hex',
      signaturePath,
      'The digest uses uppercase hex; the service sends lowercase (hex compares case-insensitively).',
    ),
  ];
}

// Compared after lowercasing and dropping separators, so cardCode, card-code and CARD_CODE all match.
const cardSecretKeys = new Set([
  'code',
  'cardcode',
  'giftcardcode',
  'pin',
  'pincode',
  'cardpin',
  'serial',
  'serialnumber',
  'cardserial',
  'cardserialnumber',
  'redemptioncode',
  'claimcode',
]);

export function isCardSecretKey(key: string): boolean {
  return cardSecretKeys.has(key.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

/** Card code, PIN or serial number anywhere in a gift-card body (spec 2.2 rule 2). The value is never echoed. */
export function cardSecretFindings(body: JsonObject): Finding[] {
  const findings: Finding[] = [];
  const pending: Array<{ value: unknown; path: PropertyKey[] }> = [{ value: body, path: [] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: [...path, index] }));
    } else if (isJsonObject(value)) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = [...path, key];
        if (isCardSecretKey(key)) {
          findings.push(
            finding(
              'security.card_secret_in_body',
              jsonPath(childPath),
              `Key ${jsonPath(childPath)} looks like a card code, PIN or serial number, which never appear in a webhook body.`,
            ),
          );
        }
        pending.push({ value: child, path: childPath });
      }
    }
  }
  return findings;
}
