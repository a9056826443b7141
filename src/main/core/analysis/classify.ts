import type { PayloadForm } from '../../../shared/verdicts';
import { isDetailedCryptoEvent } from '../../../shared/payloads/events';
import { field, has } from './json-access';
import type { ParsedBody } from './parse-body';

function sameKeys(keys: string[], wanted: readonly string[]): boolean {
  return keys.length === wanted.length && wanted.every((key) => keys.includes(key));
}

/**
 * The forms given only to a body that parsed as a JSON object, so valid UTF-8 without NUL or other control bytes
 * (the text search relies on it, store/deliveries.ts); every other body is 'unparseable'.
 */
export const jsonObjectForms = ['gift_cards', 'crypto_form_a', 'crypto_form_b', 'unknown'] as const satisfies readonly PayloadForm[];

/** The body's form by shape (DESIGN.md 3: which form the service sends when is not specified). */
export function classify(parsed: ParsedBody): PayloadForm {
  if (parsed.kind !== 'object') return 'unparseable';
  const body = parsed.value;
  const payoutType = field(body, 'payout_type');
  if (payoutType === 'gift_cards') return 'gift_cards';
  if (payoutType === 'crypto' && sameKeys(Object.keys(body), ['event', 'payout_type', 'data'])) return 'crypto_form_b';
  if (has(body, 'external_send_id') && (isDetailedCryptoEvent(field(body, 'event')) || payoutType === 'crypto')) {
    return 'crypto_form_a';
  }
  return 'unknown';
}
