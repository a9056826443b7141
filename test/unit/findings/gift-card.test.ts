import { describe, expect, it } from 'vitest';
import { giftCardFindings } from '../../../src/main/core/analysis/findings/gift-card';
import { parseBody } from '../../../src/main/core/analysis/parse-body';
import { bodyText, giftCardFailedBody, giftCardPayoutProcessingBody, giftCardRecipientBody } from '../../fixtures/payloads';
import { analyzeBody, codes, edit, errors } from '../helpers';

function findingsOf(body: Record<string, unknown>) {
  const parsed = parseBody(new TextEncoder().encode(bodyText(body)));
  if (parsed.kind !== 'object') throw new Error(parsed.kind);
  return giftCardFindings(parsed.value);
}

describe('gift-card findings', () => {
  it('allow null in sent_at, viewed_at and expires_at only', () => {
    expect(findingsOf(giftCardRecipientBody({ sent_at: null, viewed_at: null, expires_at: null }))).toEqual([]);
    const nulled = findingsOf(giftCardRecipientBody({ recipient_email: null, currency: null }));
    expect(nulled.map((f) => [f.code, f.path])).toEqual([
      ['giftcard.field_null', '$.recipient_email'],
      ['giftcard.field_null', '$.currency'],
    ]);
  });

  it('require currency on payout.processing only', () => {
    const missing = findingsOf(edit(giftCardRecipientBody(), ['currency'], undefined));
    expect(missing).toMatchObject([{ code: 'giftcard.field_missing', path: '$.currency' }]);
    expect(missing[0]?.message).toMatch(/payout.processing/);
    expect(findingsOf(giftCardFailedBody())).toEqual([]);
  });

  it('require the payout extras on payout.processing with subject_type payout, saying why', () => {
    const body = giftCardPayoutProcessingBody();
    for (const key of ['payout_uuid', 'brand_uuid', 'brand_name', 'amount']) delete body[key];
    const findings = findingsOf(body);
    expect(findings.map((f) => f.path)).toEqual(['$.payout_uuid', '$.brand_uuid', '$.brand_name', '$.amount']);
    for (const f of findings)
      expect(f).toMatchObject({ code: 'giftcard.field_missing', message: expect.stringMatching(/subject_type payout/) });
    expect(findingsOf(edit(giftCardPayoutProcessingBody(), ['subject_type'], 'recipient'))).toEqual([]);
  });

  it('want amounts as JSON numbers on every event (spec 2.2 rule 1)', () => {
    const onFailed = edit(giftCardPayoutProcessingBody(), ['event'], 'payout.failed');
    expect(codes(findingsOf(edit(onFailed, ['amount'], '25.00')))).toEqual(['giftcard.amount_not_number']);
    expect(codes(findingsOf(edit(onFailed, ['amount'], { value: 25 })))).toEqual(['giftcard.amount_not_number']);
  });

  it('check UUIDs, timestamps and currency codes', () => {
    const body = giftCardPayoutProcessingBody('25.00', { brand_uuid: 'nope', viewed_at: '2026-03-02', currency: 'EURO' });
    expect(codes(findingsOf(body)).sort()).toEqual(['giftcard.currency_not_code', 'giftcard.not_iso8601', 'giftcard.not_uuid']);
  });

  it('report a data key once, even when it is null', () => {
    expect(codes(findingsOf(giftCardRecipientBody({ data: null })))).toEqual(['giftcard.data_key_present']);
  });

  it('flag crypto-only events but not the shared ones', () => {
    expect(codes(findingsOf(giftCardRecipientBody({ event: 'payout.quote_created' })))).toEqual(['giftcard.crypto_only_event']);
    expect(findingsOf(giftCardRecipientBody({ event: 'payout.failed' }))).toEqual([]);
  });

  it('treat an unknown event or an unknown status as information, never an error', () => {
    const analysis = analyzeBody(giftCardRecipientBody({ event: 'recipient.link_opened', status: 'viewed_twice' }));
    expect(errors(analysis.findings)).toEqual([]);
    expect(codes(analysis.findings)).toEqual(['envelope.event_unrecognized']);
  });
});
