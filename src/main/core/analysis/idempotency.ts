import { isJsonNumber, jsonNumberText } from '../../../shared/payloads/json-values';
import type { PayloadForm } from '../../../shared/verdicts';
import { field, has, stringField, type JsonObject } from './json-access';

const separator = '|';

function joinParts(parts: Array<string | null>): string | null {
  return parts.every((part): part is string => part !== null) ? parts.join(separator) : null;
}

/**
 * The deduplication key built from the body. Gift cards and Form B follow spec 6 rule 4; Form A's
 * rule is the inspector's own (DESIGN.md 3). Null when a part is missing or of the wrong type.
 */
export function idempotencyKey(form: PayloadForm, body: JsonObject | null): string | null {
  if (body === null) return null;
  switch (form) {
    case 'gift_cards':
      return joinParts(['event', 'subject_type', 'recipient_uuid', 'updated_at'].map((key) => stringField(body, key)));
    case 'crypto_form_b': {
      const id = field(field(body, 'data'), 'id');
      return joinParts([stringField(body, 'event'), isJsonNumber(id) ? jsonNumberText(id) : null]);
    }
    case 'crypto_form_a': {
      const parts = ['event', 'external_send_id', 'status', 'occurred_at'].map((key) => stringField(body, key));
      if (has(body, 'tx_hash')) parts.push(stringField(body, 'tx_hash'));
      return joinParts(parts);
    }
    default:
      return null;
  }
}
