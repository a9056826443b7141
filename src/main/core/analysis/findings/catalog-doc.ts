import { findingCatalog, type FindingCode } from './catalog';

interface FindingRule {
  /** The rule the finding reports broken, in one line. */
  rule: string;
  /** Where the interface spec states it (or "ours" where the spec leaves it open). */
  spec: string;
}

const schema = (area: string, spec: string) =>
  ({
    field_missing: { rule: `A key the ${area} body requires is missing.`, spec },
    field_type: { rule: `A ${area} value has another type than the spec gives it.`, spec },
    field_null: { rule: `A ${area} value is null where the spec gives it a non-null type.`, spec },
  }) as const;

const giftcard = schema('gift-card', '2.2');
const formA = schema('Form A', '2.3, 2.4');
const formB = schema('Form B', '2.3, 2.4');

/** Every finding code's rule and spec section: docs/checks.md is written from it (see checksPage). */
export const findingRules: Record<FindingCode, FindingRule> = {
  'request.method_not_post': { rule: 'The service delivers with POST.', spec: '4.1' },
  'request.query_string': { rule: 'A delivery carries its payload in a JSON body, never a query string.', spec: '4.1' },
  'header.content_type_missing': { rule: 'A delivery has a Content-Type header.', spec: '2.1' },
  'header.content_type_not_json': { rule: 'Content-Type is application/json.', spec: '2.1' },
  'header.content_type_charset': { rule: 'A charset other than UTF-8 is declared on the JSON body.', spec: '2.1' },
  'header.user_agent_unexpected': { rule: 'User-Agent is Service-Webhooks/1.0.', spec: '2.1' },
  'header.event_missing': { rule: 'A delivery has an X-Service-Event header.', spec: '2.1' },
  'header.event_mismatch': { rule: 'X-Service-Event equals the body\'s "event".', spec: '2.1, 6' },
  'header.delivery_missing': { rule: 'A delivery has an X-Service-Delivery header.', spec: '2.1' },
  'header.delivery_not_uuid': { rule: 'X-Service-Delivery is a UUID.', spec: '2.1' },
  'header.timestamp_missing': { rule: 'A delivery has an X-Service-Timestamp header.', spec: '2.1' },
  'header.timestamp_not_epoch_seconds': { rule: 'X-Service-Timestamp is integer Unix epoch seconds.', spec: '2.1' },
  'header.repeated': { rule: 'A header the service sends once appears more than once.', spec: '2.1' },
  'signature.invalid': { rule: 'X-Service-Signature is the HMAC-SHA256 of the exact received bytes with the signing secret.', spec: '5' },
  'signature.malformed': { rule: 'X-Service-Signature is `sha256=` and 64 hex digits, sent once.', spec: '2.1, 5' },
  'signature.missing': {
    rule: 'A delivery carries X-Service-Signature (info on Form A, whose signing the spec leaves open).',
    spec: '2.1, 5 rule 7',
  },
  'signature.no_secret': { rule: 'No signing secret is set, so the signature was not checked.', spec: '5' },
  'signature.uppercase_hex': { rule: 'The digest matches but its hex digits are uppercase; the service sends lowercase.', spec: '5' },
  'body.empty': { rule: 'A delivery has a JSON body.', spec: '4.1' },
  'body.truncated': { rule: 'The body went past the receiver\'s size limit and was cut.', spec: 'ours' },
  'body.invalid_utf8': { rule: 'The body is UTF-8 text, as JSON must be.', spec: '4.1' },
  'body.invalid_json': { rule: 'The body is valid JSON.', spec: '4.1' },
  'body.too_deep': { rule: 'The body nests arrays or objects deeper than the analysis reads.', spec: 'ours' },
  'body.not_object': { rule: 'The body is a JSON object.', spec: '2.2, 2.3' },
  'body.duplicate_key': { rule: 'An object of the body names the same key twice.', spec: '2.2, 2.3' },
  'envelope.event_missing': { rule: 'The body has an "event" key.', spec: '2.2, 2.3' },
  'envelope.event_not_string': { rule: '"event" is a string.', spec: '2.2, 2.3' },
  'envelope.event_bad_name': { rule: 'Event names are `<domain>.<action>`, lowercase, dot-separated.', spec: '6' },
  'envelope.event_unrecognized': { rule: 'An event the inspector does not know; receivers ignore it.', spec: '6 rule 6' },
  'envelope.payout_type_missing': { rule: 'The body has a "payout_type", needed to route it.', spec: '6 rule 3' },
  'envelope.payout_type_not_string': { rule: '"payout_type" is a string.', spec: '2.2, 2.3' },
  'envelope.payout_type_unknown': { rule: '"payout_type" is "crypto" or "gift_cards".', spec: '2.2, 2.3' },
  'envelope.crypto_shape_unrecognized': { rule: 'A crypto body is Form A or Form B.', spec: '2.3' },
  'giftcard.field_missing': giftcard.field_missing,
  'giftcard.field_type': giftcard.field_type,
  'giftcard.field_null': giftcard.field_null,
  'giftcard.not_uuid': { rule: 'A gift-card UUID field is a UUID.', spec: '2.2' },
  'giftcard.not_iso8601': { rule: 'A gift-card time is ISO-8601.', spec: '2.2' },
  'giftcard.currency_not_code': { rule: 'A gift-card currency is a three-letter code.', spec: '2.2' },
  'giftcard.amount_not_number': { rule: 'Gift-card amounts are JSON numbers.', spec: '2.2 rule 1' },
  'giftcard.subject_type_unknown': { rule: '"subject_type" is "recipient" or "payout".', spec: '2.2' },
  'giftcard.data_key_present': { rule: 'A gift-card body is one flat object with no "data" key.', spec: '2.2' },
  'giftcard.unknown_key_null': { rule: 'No event sends a key as null just because it does not apply.', spec: '2.2' },
  'giftcard.crypto_only_event': { rule: 'The event is sent for crypto payouts only.', spec: '6' },
  'security.card_secret_in_body': { rule: 'A card code, PIN or serial number never appears in a webhook body.', spec: '2.2 rule 2' },
  'form_a.field_missing': formA.field_missing,
  'form_a.field_type': formA.field_type,
  'form_a.field_null': formA.field_null,
  'form_a.field_value': { rule: 'A Form A value is one of those the spec allows.', spec: '2.3, 2.4' },
  'form_a.not_uuid': { rule: 'A Form A UUID field is a UUID.', spec: '2.3' },
  'form_a.not_iso8601': { rule: 'A Form A time is ISO-8601.', spec: '2.3, 2.4' },
  'form_a.not_integer': { rule: 'A Form A integer field is an integer.', spec: '2.4' },
  'form_a.amount_not_decimal_string': { rule: 'Crypto amounts are decimal strings.', spec: '2.3' },
  'form_a.event_not_detailed': { rule: 'A Form A event is one of the five detailed payout events.', spec: '2.3' },
  'form_a.status_unrecognized': { rule: 'The status is not one of those of a crypto send.', spec: '3' },
  'form_a.quote_created_not_in_progress': { rule: 'payout.quote_created moves the send to in_progress.', spec: '3' },
  'form_a.terminal_state_not_terminal': { rule: 'payout.terminal_state carries a terminal status.', spec: '3' },
  'form_a.status_changed_terminal': { rule: 'payout.status_changed carries a non-terminal status.', spec: '3' },
  'form_a.data_on_status_changed': { rule: 'payout.status_changed carries no "data".', spec: '2.3, 3' },
  'form_a.data_missing': { rule: 'payout.quote_* and payout.terminal_state carry the send-request snapshot in "data".', spec: '2.3' },
  'form_a.data_not_remote': { rule: 'On quote_confirmed and quote_canceled, "data" is { remote: … }.', spec: '2.4' },
  'form_a.tx_hash_not_on_terminal': { rule: 'tx_hash appears only on payout.terminal_state.', spec: '2.3' },
  'form_a.tx_hash_not_completed': { rule: 'tx_hash appears only on a completed send.', spec: '2.3' },
  'form_a.tx_hash_txid_mismatch': { rule: 'tx_hash is the txid of data.blockchain_transactions[0].', spec: '2.4' },
  'form_a.failure_reason_misplaced': { rule: 'failure_reason appears only on payout.terminal_state with status failed.', spec: '2.3' },
  'form_a.failed_without_failure_reason': { rule: 'A failed terminal_state gives its failure_reason.', spec: '2.3, 3' },
  'form_a.data_id_mismatch': { rule: 'data.id equals external_send_id parsed as an integer.', spec: '2.4' },
  'form_a.data_status_mismatch': { rule: 'data.status mirrors the top-level status.', spec: '2.4' },
  'form_a.same_currency_rate_not_one': { rule: 'A same-currency send has input_to_sending_rate 1.0.', spec: '2.4' },
  'form_a.conversion_fee_on_same_currency': { rule: 'fees.conversion_fee appears only on cross-currency sends.', spec: '2.4' },
  'form_b.field_missing': formB.field_missing,
  'form_b.field_type': formB.field_type,
  'form_b.field_null': formB.field_null,
  'form_b.field_value': { rule: 'A Form B value is one of those the spec allows.', spec: '2.3, 2.4' },
  'form_b.not_iso8601': { rule: 'A Form B time is ISO-8601.', spec: '2.4' },
  'form_b.not_integer': { rule: 'A Form B integer field is an integer.', spec: '2.3, 2.4' },
  'form_b.amount_not_decimal_string': { rule: 'Crypto amounts are decimal strings.', spec: '2.3' },
  'form_b.gift_card_keys_present': { rule: 'None of the gift-card keys appear in a Form B body.', spec: '2.3' },
  'form_b.extra_keys': { rule: 'Form B has exactly three keys: event, payout_type, data.', spec: '2.3' },
  'form_b.same_currency_rate_not_one': { rule: 'A same-currency send has input_to_sending_rate 1.0.', spec: '2.4' },
  'form_b.conversion_fee_on_same_currency': { rule: 'fees.conversion_fee appears only on cross-currency sends.', spec: '2.4' },
  'lifecycle.event_time_unusable': { rule: 'An event\'s occurred_at / updated_at can be read as an instant to order it.', spec: '6 rule 2' },
  'lifecycle.quote_created_missing': { rule: 'payout.quote_created opens every send (it may still arrive).', spec: '3' },
  'lifecycle.quote_created_not_first': { rule: 'payout.quote_created is the earliest event of its send.', spec: '3' },
  'lifecycle.quote_created_repeated': { rule: 'A send has one payout.quote_created.', spec: '3' },
  'lifecycle.quote_confirmed_same_currency': { rule: 'A same-currency quote never produces payout.quote_confirmed.', spec: '3' },
  'lifecycle.event_after_quote_canceled': { rule: 'A canceled quote cannot be re-confirmed: nothing follows it.', spec: '3' },
  'lifecycle.status_changed_terminal': { rule: 'payout.status_changed carries a non-terminal status.', spec: '3' },
  'lifecycle.status_changed_with_data': { rule: 'payout.status_changed carries no "data".', spec: '3' },
  'lifecycle.event_after_terminal': {
    rule: 'No event follows a terminal one but the tx_hash follow-up; pending status_changed are dropped.',
    spec: '3',
  },
  'lifecycle.terminal_state_repeated': {
    rule: 'At most one payout.terminal_state per send, but the completed-without-tx_hash follow-up.',
    spec: '3 rule 1',
  },
  'lifecycle.tx_hash_txid_mismatch': { rule: 'The tx_hash of a send is the txid of data.blockchain_transactions[0].', spec: '2.4, 3 rule 1' },
  'analysis.internal_error': { rule: 'The analysis itself failed on this delivery (a bug of ours, reported rather than hidden).', spec: 'ours' },
};

export const checksStart = '<!-- Written from src/main/core/analysis/findings/catalog-doc.ts: see "Keeping this page" below. -->';
export const checksEnd = '<!-- End of the part written from the findings catalog. -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The table of every finding code, between the markers of docs/checks.md. */
export function checksPage(): string {
  const codes = Object.keys(findingCatalog) as FindingCode[];
  const rows = codes.map((code) => {
    const { rule, spec } = findingRules[code];
    return `| \`${code}\` | ${findingCatalog[code]} | ${cell(rule)} | ${spec} |`;
  });
  return [checksStart, '', '| Code | Severity | Rule | Spec |', '|---|---|---|---|', ...rows, '', checksEnd].join('\n');
}
