import { describe, expect, it } from 'vitest';
import { formAFindings } from '../../../src/main/core/analysis/findings/form-a';
import { parseBody } from '../../../src/main/core/analysis/parse-body';
import {
  blockchainTransaction,
  bodyText,
  formAQuoteCanceled,
  formAQuoteConfirmed,
  formAQuoteCreated,
  formAStatusChanged,
  formATerminalCompleted,
  formATerminalFailed,
  ids,
} from '../../fixtures/payloads';
import { codes, edit } from '../helpers';

function findingsOf(body: Record<string, unknown>) {
  const parsed = parseBody(new TextEncoder().encode(bodyText(body)));
  if (parsed.kind !== 'object') throw new Error(parsed.kind);
  return formAFindings(parsed.value);
}

describe('Form A findings', () => {
  it('treat an unknown status as information, whatever the event', () => {
    for (const body of [formATerminalCompleted(), formAStatusChanged()]) {
      edit(body, ['status'], 'reversed');
      if (body.data) edit(body, ['data', 'status'], 'reversed');
      expect(findingsOf(body).map((f) => [f.code, f.severity])).toEqual([['form_a.status_unrecognized', 'info']]);
    }
  });

  it('apply no event rule to an unknown event', () => {
    const body = { ...formAStatusChanged(), event: 'payout.rebroadcast', payout_type: 'crypto', tx_hash: ids.txHash, data: { remote: 1 } };
    expect(findingsOf(body)).toEqual([]);
  });

  it('flag the shared events as not detailed', () => {
    expect(codes(findingsOf({ ...formAStatusChanged(), event: 'payout.failed' }))).toEqual(['form_a.event_not_detailed']);
  });

  it('allow a completed terminal_state without tx_hash, and with the tx_hash of the first transaction', () => {
    expect(findingsOf(formATerminalCompleted())).toEqual([]);
    const withTwo = formATerminalCompleted({ txHash: ids.txHash });
    edit(withTwo, ['data', 'blockchain_transactions', 1], blockchainTransaction('0xother'));
    expect(findingsOf(withTwo)).toEqual([]);
  });

  it('compare tx_hash with the first transaction only', () => {
    const body = formATerminalCompleted({ txHash: ids.txHash });
    edit(body, ['data', 'blockchain_transactions'], [blockchainTransaction('0xother'), blockchainTransaction(ids.txHash)]);
    expect(findingsOf(body)).toMatchObject([{ code: 'form_a.tx_hash_txid_mismatch', path: '$.tx_hash' }]);
  });

  it('read external_send_id as an integer for the data.id comparison', () => {
    expect(findingsOf(edit(formAQuoteCreated(), ['external_send_id'], '048213'))).toEqual([]);
    expect(codes(findingsOf(edit(formAQuoteCreated(), ['external_send_id'], 'send-48213')))).toEqual(['form_a.data_id_mismatch']);
  });

  it('place failure_reason only on a failed terminal_state', () => {
    expect(findingsOf(formATerminalFailed())).toEqual([]);
    expect(codes(findingsOf(edit(formAStatusChanged(), ['failure_reason'], 'x')))).toEqual(['form_a.failure_reason_misplaced']);
  });

  it('want data as { remote } on quote_confirmed and quote_canceled, extra keys beside it allowed', () => {
    expect(findingsOf(edit(formAQuoteCanceled(), ['data', 'note'], 'kept'))).toEqual([]);
    expect(codes(findingsOf(edit(formAQuoteConfirmed(), ['data'], undefined)))).toEqual(['form_a.data_missing']);
    expect(codes(findingsOf(edit(formAQuoteConfirmed(), ['data'], 'remote')))).toEqual(['form_a.field_type']);
  });

  it('accept the cross-currency rate and conversion fee, and any spelling of 1 on a same-currency send', () => {
    expect(findingsOf(formAQuoteCreated({ crossCurrency: true }))).toEqual([]);
    for (const one of ['1', '1.000']) expect(findingsOf(edit(formAQuoteCreated(), ['data', 'input_to_sending_rate'], one))).toEqual([]);
  });

  it('report a JSON number amount at its path', () => {
    const findings = findingsOf(edit(formAQuoteCreated(), ['data', 'fees', 'service_fee', 'amount'], 1.5));
    expect(findings).toMatchObject([
      { code: 'form_a.amount_not_decimal_string', path: '$.data.fees.service_fee.amount', severity: 'error' },
    ]);
  });

  it('do not validate data where it is already flagged as out of place', () => {
    expect(codes(findingsOf(edit(formAStatusChanged(), ['data'], { anything: true })))).toEqual(['form_a.data_on_status_changed']);
  });

  it('find one status problem per body', () => {
    const body = edit(edit(formAQuoteCreated(), ['status'], 'completed'), ['data', 'status'], 'completed');
    expect(codes(findingsOf(body))).toEqual(['form_a.quote_created_not_in_progress']);
  });
});
