import type { Finding, Severity } from '../../../../shared/verdicts';

/** Schema-derived codes, one family per body area (see schema-issues.ts). */
function schemaCodes<A extends string, S extends string>(area: A, suffixes: readonly S[]) {
  return Object.fromEntries(suffixes.map((suffix) => [`${area}.${suffix}`, 'error'])) as Record<`${A}.${S}`, 'error'>;
}

/**
 * Every finding code with its severity. Codes are stable: the UI, exports and tests refer to them.
 * `signature.missing` alone varies: info instead of warning on Form A, whose signing the spec leaves open.
 */
export const findingCatalog = {
  'request.method_not_post': 'error',
  'request.query_string': 'error',
  'header.content_type_missing': 'error',
  'header.content_type_not_json': 'error',
  'header.content_type_charset': 'warning',
  'header.user_agent_unexpected': 'warning',
  'header.event_missing': 'error',
  'header.event_mismatch': 'error',
  'header.delivery_missing': 'error',
  'header.delivery_not_uuid': 'error',
  'header.timestamp_missing': 'error',
  'header.timestamp_not_epoch_seconds': 'error',
  'header.repeated': 'warning',
  'signature.invalid': 'error',
  'signature.malformed': 'error',
  'signature.missing': 'warning',
  'signature.no_secret': 'info',
  'signature.uppercase_hex': 'info',
  'body.empty': 'error',
  'body.truncated': 'error',
  'body.invalid_utf8': 'error',
  'body.invalid_json': 'error',
  'body.too_deep': 'error',
  'body.not_object': 'error',
  'body.duplicate_key': 'warning',
  'envelope.event_missing': 'error',
  'envelope.event_not_string': 'error',
  'envelope.event_bad_name': 'warning',
  'envelope.event_unrecognized': 'info',
  'envelope.payout_type_missing': 'error',
  'envelope.payout_type_not_string': 'error',
  'envelope.payout_type_unknown': 'warning',
  'envelope.crypto_shape_unrecognized': 'error',
  ...schemaCodes('giftcard', [
    'field_missing',
    'field_type',
    'field_null',
    'not_uuid',
    'not_iso8601',
    'currency_not_code',
    'amount_not_number',
    'subject_type_unknown',
  ]),
  'giftcard.data_key_present': 'error',
  'giftcard.unknown_key_null': 'warning',
  'giftcard.crypto_only_event': 'error',
  'security.card_secret_in_body': 'error',
  ...schemaCodes('form_a', [
    'field_missing',
    'field_type',
    'field_null',
    'field_value',
    'not_uuid',
    'not_iso8601',
    'not_integer',
    'amount_not_decimal_string',
  ]),
  'form_a.event_not_detailed': 'error',
  'form_a.status_unrecognized': 'info',
  'form_a.quote_created_not_in_progress': 'error',
  'form_a.terminal_state_not_terminal': 'error',
  'form_a.status_changed_terminal': 'error',
  'form_a.data_on_status_changed': 'error',
  'form_a.data_missing': 'error',
  'form_a.data_not_remote': 'error',
  'form_a.tx_hash_not_on_terminal': 'error',
  'form_a.tx_hash_not_completed': 'error',
  'form_a.tx_hash_txid_mismatch': 'error',
  'form_a.failure_reason_misplaced': 'error',
  'form_a.failed_without_failure_reason': 'warning',
  'form_a.data_id_mismatch': 'error',
  'form_a.data_status_mismatch': 'error',
  'form_a.same_currency_rate_not_one': 'error',
  'form_a.conversion_fee_on_same_currency': 'error',
  ...schemaCodes('form_b', [
    'field_missing',
    'field_type',
    'field_null',
    'field_value',
    'not_iso8601',
    'not_integer',
    'amount_not_decimal_string',
  ]),
  'form_b.gift_card_keys_present': 'error',
  'form_b.extra_keys': 'warning',
  'form_b.same_currency_rate_not_one': 'error',
  'form_b.conversion_fee_on_same_currency': 'error',
  // Lifecycle rules (spec 3), raised across the events of one send or stream, never on a single delivery.
  'lifecycle.event_time_unusable': 'warning',
  'lifecycle.quote_created_missing': 'warning',
  'lifecycle.quote_created_not_first': 'error',
  'lifecycle.quote_created_repeated': 'error',
  'lifecycle.quote_confirmed_same_currency': 'error',
  'lifecycle.event_after_quote_canceled': 'error',
  'lifecycle.status_changed_terminal': 'error',
  'lifecycle.status_changed_with_data': 'error',
  'lifecycle.event_after_terminal': 'error',
  'lifecycle.terminal_state_repeated': 'error',
  'lifecycle.tx_hash_txid_mismatch': 'error',
  'analysis.internal_error': 'error',
} as const satisfies Record<string, Severity>;

export type FindingCode = keyof typeof findingCatalog;
export type LifecycleFindingCode = Extract<FindingCode, `lifecycle.${string}`>;

export function isFindingCode(code: string): code is FindingCode {
  return Object.hasOwn(findingCatalog, code);
}

export function finding(code: FindingCode, path: string, message: string, severity: Severity = findingCatalog[code]): Finding {
  return { code, severity, path, message };
}
