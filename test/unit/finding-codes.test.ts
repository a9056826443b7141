import { describe, expect, it } from 'vitest';
import { analyzeDelivery } from '../../src/main/core/analysis/analyze-delivery';
import { findingCatalog, type FindingCode, type LifecycleFindingCode } from '../../src/main/core/analysis/findings/catalog';
import type { DeliveryAnalysis } from '../../src/main/core/analysis/types';
import {
  bodyText,
  formAQuoteConfirmed,
  formAQuoteCreated,
  formAStatusChanged,
  formATerminalCompleted,
  formATerminalFailed,
  formBBody,
  giftCardPayoutProcessingBody,
  giftCardRecipientBody,
  ids,
  signedDelivery,
} from '../fixtures/payloads';
import { analyzeBody, edit, rawDelivery, secret, withHeaders } from './helpers';

const gift = () => giftCardRecipientBody();
const giftRaw = () => rawDelivery(gift());
const analyze = (raw = giftRaw(), key: string | null = secret) => analyzeDelivery(raw, key);
const deep = `${'['.repeat(300)}${']'.repeat(300)}`;

/** One crafted delivery per finding code: each must raise its code with the catalog severity (lifecycle codes: test/unit/lifecycle). */
const cases: Record<Exclude<FindingCode, 'analysis.internal_error' | LifecycleFindingCode>, () => DeliveryAnalysis> = {
  'request.method_not_post': () => analyze(rawDelivery(gift(), { method: 'PUT' })),
  'request.query_string': () => analyze(rawDelivery(gift(), { query: 'event=payout.processing' })),
  'header.content_type_missing': () => analyze(withHeaders(giftRaw(), { 'content-type': null })),
  'header.content_type_not_json': () => analyze(withHeaders(giftRaw(), { 'Content-Type': 'text/plain' })),
  'header.content_type_charset': () => analyze(withHeaders(giftRaw(), { 'Content-Type': 'application/json; charset=iso-8859-1' })),
  'header.user_agent_unexpected': () => analyze(withHeaders(giftRaw(), { 'User-Agent': 'curl/8.5.0' })),
  'header.event_missing': () => analyze(withHeaders(giftRaw(), { 'x-service-event': null })),
  'header.event_mismatch': () => analyze(withHeaders(giftRaw(), { 'X-Service-Event': 'payout.failed' })),
  'header.delivery_missing': () => analyze(withHeaders(giftRaw(), { 'X-Service-Delivery': null })),
  'header.delivery_not_uuid': () => analyze(withHeaders(giftRaw(), { 'X-Service-Delivery': 'attempt-1' })),
  'header.timestamp_missing': () => analyze(withHeaders(giftRaw(), { 'X-Service-Timestamp': null })),
  'header.timestamp_not_epoch_seconds': () => analyze(withHeaders(giftRaw(), { 'X-Service-Timestamp': '2026-03-02T10:00:00Z' })),
  'header.repeated': () => {
    const raw = giftRaw();
    return analyze({ ...raw, headers: [...raw.headers, ['user-agent', 'Service-Webhooks/1.0']] });
  },
  'signature.invalid': () => analyze(giftRaw(), 'another-secret'),
  'signature.malformed': () => analyze(withHeaders(giftRaw(), { 'X-Service-Signature': 'sha256=abc' })),
  'signature.missing': () => analyze(withHeaders(giftRaw(), { 'X-Service-Signature': null })),
  'signature.no_secret': () => analyze(giftRaw(), null),
  'signature.uppercase_hex': () => {
    const raw = giftRaw();
    const header = raw.headers.find(([name]) => name === 'X-Service-Signature')?.[1] ?? '';
    return analyze(withHeaders(raw, { 'X-Service-Signature': `sha256=${header.slice(7).toUpperCase()}` }));
  },
  'body.empty': () => analyzeBody(''),
  'body.truncated': () => analyzeBody(bodyText(gift()).slice(0, 40), { bodyTruncated: true }),
  'body.invalid_utf8': () => analyzeBody(Uint8Array.from([0x7b, 0xff, 0x7d])),
  'body.invalid_json': () => analyzeBody('{"event":"payout.processing",'),
  'body.too_deep': () => analyzeBody(`{"a":${deep}}`),
  'body.not_object': () => analyzeBody('[]'),
  'body.duplicate_key': () => analyzeBody(bodyText(gift()).replace('{', '{"status":"queued",')),
  'envelope.event_missing': () => analyzeBody(edit(gift(), ['event'], undefined)),
  'envelope.event_not_string': () => analyzeBody(edit(gift(), ['event'], 5)),
  'envelope.event_bad_name': () => analyzeBody(edit(gift(), ['event'], 'Payout.Processing')),
  'envelope.event_unrecognized': () => analyzeBody(edit(gift(), ['event'], 'recipient.claimed')),
  'envelope.payout_type_missing': () => analyzeBody({ event: 'payout.processing', status: 'processing' }),
  'envelope.payout_type_not_string': () => analyzeBody({ event: 'payout.processing', payout_type: 5 }),
  'envelope.payout_type_unknown': () => analyzeBody({ event: 'payout.processing', payout_type: 'bank_transfer' }),
  'envelope.crypto_shape_unrecognized': () => analyzeBody({ event: 'payout.processing', payout_type: 'crypto', status: 'processing' }),
  'giftcard.field_missing': () => analyzeBody(edit(gift(), ['recipient_name'], undefined)),
  'giftcard.field_type': () => analyzeBody(edit(gift(), ['recipient_name'], 5)),
  'giftcard.field_null': () => analyzeBody(edit(gift(), ['recipient_name'], null)),
  'giftcard.not_uuid': () => analyzeBody(edit(gift(), ['recipient_uuid'], 'recipient-17')),
  'giftcard.not_iso8601': () => analyzeBody(edit(gift(), ['updated_at'], '02/03/2026 10:15')),
  'giftcard.currency_not_code': () => analyzeBody(edit(gift(), ['currency'], 'euro')),
  'giftcard.amount_not_number': () => analyzeBody(edit(giftCardPayoutProcessingBody(), ['amount'], '25.00')),
  'giftcard.subject_type_unknown': () => analyzeBody(edit(gift(), ['subject_type'], 'order')),
  'giftcard.data_key_present': () => analyzeBody(edit(gift(), ['data'], {})),
  'giftcard.unknown_key_null': () => analyzeBody(edit(gift(), ['note'], null)),
  'giftcard.crypto_only_event': () => analyzeBody(edit(gift(), ['event'], 'payout.terminal_state')),
  'security.card_secret_in_body': () => analyzeBody(edit(gift(), ['card'], { PIN: '4821' })),
  'form_a.field_missing': () => analyzeBody(edit(formAStatusChanged(), ['recipient_email'], undefined)),
  'form_a.field_type': () => analyzeBody(edit(formAStatusChanged(), ['recipient_email'], true)),
  'form_a.field_null': () => analyzeBody(edit(formATerminalCompleted(), ['tx_hash'], null)),
  'form_a.field_value': () => analyzeBody(edit(formAQuoteCreated(), ['data', 'input_currency', 'kind'], 'token')),
  'form_a.not_uuid': () => analyzeBody(edit(formAStatusChanged(), ['payout_order_uuid'], 'order-9')),
  'form_a.not_iso8601': () => analyzeBody(edit(formAStatusChanged(), ['occurred_at'], 'yesterday')),
  'form_a.not_integer': () => analyzeBody(edit(formAQuoteCreated(), ['data', 'id'], ids.externalSendId)),
  'form_a.amount_not_decimal_string': () => analyzeBody(edit(formAQuoteCreated(), ['data', 'input_amount'], 100)),
  'form_a.event_not_detailed': () =>
    analyzeBody(edit(edit(formAStatusChanged(), ['event'], 'payout.processing'), ['payout_type'], 'crypto')),
  'form_a.status_unrecognized': () => analyzeBody(edit(formAStatusChanged(), ['status'], 'on_hold')),
  'form_a.quote_created_not_in_progress': () => analyzeBody(edit(formAQuoteCreated(), ['status'], 'processing')),
  'form_a.terminal_state_not_terminal': () => analyzeBody(edit(formATerminalCompleted(), ['status'], 'processing')),
  'form_a.status_changed_terminal': () => analyzeBody(edit(formAStatusChanged(), ['status'], 'completed')),
  'form_a.data_on_status_changed': () => analyzeBody(edit(formAStatusChanged(), ['data'], { remote: {} })),
  'form_a.data_missing': () => analyzeBody(edit(formATerminalCompleted(), ['data'], undefined)),
  'form_a.data_not_remote': () => analyzeBody(edit(formAQuoteConfirmed(), ['data'], formAQuoteCreated().data)),
  'form_a.tx_hash_not_on_terminal': () => analyzeBody(edit(formAStatusChanged(), ['tx_hash'], ids.txHash)),
  'form_a.tx_hash_not_completed': () => analyzeBody(edit(formATerminalFailed(), ['tx_hash'], ids.txHash)),
  'form_a.tx_hash_txid_mismatch': () => analyzeBody(edit(formATerminalCompleted(), ['tx_hash'], ids.txHash)),
  'form_a.failure_reason_misplaced': () => analyzeBody(edit(formATerminalCompleted(), ['failure_reason'], 'none')),
  'form_a.failed_without_failure_reason': () => analyzeBody(edit(formATerminalFailed(), ['failure_reason'], undefined)),
  'form_a.data_id_mismatch': () => analyzeBody(edit(formAQuoteCreated(), ['external_send_id'], '48214')),
  'form_a.data_status_mismatch': () => analyzeBody(edit(formATerminalCompleted(), ['data', 'status'], 'processing')),
  'form_a.same_currency_rate_not_one': () => analyzeBody(edit(formAQuoteCreated(), ['data', 'input_to_sending_rate'], '1.02')),
  'form_a.conversion_fee_on_same_currency': () =>
    analyzeBody(edit(formAQuoteCreated(), ['data', 'fees', 'conversion_fee'], formAQuoteCreated({ crossCurrency: true }).data)),
  'form_b.field_missing': () => analyzeBody(edit(formBBody(), ['data', 'requires_2fa_confirmation'], undefined)),
  'form_b.field_type': () => analyzeBody(edit(formBBody(), ['data', 'blockchain_transactions'], {})),
  'form_b.field_null': () => analyzeBody(edit(formBBody(), ['data', 'purpose'], null)),
  'form_b.field_value': () => analyzeBody(edit(formBBody(), ['data', 'sending_currency', 'kind'], 'other')),
  'form_b.not_iso8601': () => analyzeBody(edit(formBBody(), ['data', 'created_at'], 'now')),
  'form_b.not_integer': () => analyzeBody(bodyText(formBBody()).replace(`"id":${ids.externalSendId}`, `"id":${ids.externalSendId}.0`)),
  'form_b.amount_not_decimal_string': () => analyzeBody(edit(formBBody(), ['data', 'sending_amount'], '1e-3')),
  'form_b.gift_card_keys_present': () => analyzeBody(edit(formBBody(), ['recipient_email'], 'ada@example.com')),
  'form_b.extra_keys': () => analyzeBody(edit(formBBody(), ['trace_id'], 'abc')),
  'form_b.same_currency_rate_not_one': () => analyzeBody(edit(formBBody(), ['data', 'input_to_sending_rate'], '0.98')),
  'form_b.conversion_fee_on_same_currency': () =>
    analyzeBody(edit(formBBody(), ['data', 'fees', 'conversion_fee'], { amount: '1.00', currency: { id: 100 } })),
};

describe('finding codes', () => {
  it('has a crafted case for every code of the catalog', () => {
    const covered = new Set([...Object.keys(cases), 'analysis.internal_error']);
    const deliveryCodes = Object.keys(findingCatalog).filter((code) => !code.startsWith('lifecycle.'));
    expect(deliveryCodes.filter((code) => !covered.has(code))).toEqual([]);
  });

  it.each(Object.entries(cases))('%s fires with its catalog severity', (code, run) => {
    const analysis = run();
    const hits = analysis.findings.filter((f) => f.code === code);
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) {
      expect(hit.severity).toBe(findingCatalog[code as FindingCode]);
      expect(hit.path).toMatch(/^(\$|headers\.)/);
      expect(hit.message).not.toMatch(/\n/);
      expect(hit.message).not.toContain(secret);
    }
  });

  it('the conformant signed delivery behind every case raises none of these codes by itself', () => {
    expect(analyze().findings).toEqual([]);
    expect(signedDelivery(gift(), secret).headers['X-Service-Event']).toBe('payout.processing');
  });
});
