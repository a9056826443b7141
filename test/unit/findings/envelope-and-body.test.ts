import { describe, expect, it } from 'vitest';
import { bodyFindings } from '../../../src/main/core/analysis/findings/body';
import { parseBody } from '../../../src/main/core/analysis/parse-body';
import { formAStatusChanged, giftCardRecipientBody } from '../../fixtures/payloads';
import { analyzeBody, codes } from '../helpers';

describe('body findings', () => {
  it('name the JSON type of a non-object body', () => {
    expect(bodyFindings(parseBody(new TextEncoder().encode('"x"')), false, 3)[0]?.message).toMatch(/a string/);
  });

  it('report each repeated key once and cap the list', () => {
    const keys = Array.from({ length: 30 }, (_, i) => `"k${i}":1,"k${i}":2`).join(',');
    const findings = bodyFindings(parseBody(new TextEncoder().encode(`{${keys},"k0":3}`)), false, 0);
    expect(findings).toHaveLength(10);
    expect(new Set(findings.map((f) => f.message)).size).toBe(10);
  });

  it('do not report a key repeated with the same value, on which parsers agree', () => {
    expect(bodyFindings(parseBody(new TextEncoder().encode('{"a":1,"a":1}')), false, 0)).toEqual([]);
  });
});

describe('envelope findings', () => {
  it.each(['payout', 'payout.', '.processing', 'payout.processing.extra', 'payout processing', 'PAYOUT.FAILED'])(
    'flag the event name %j as not <domain>.<action> (a warning)',
    (event) => {
      const analysis = analyzeBody(giftCardRecipientBody({ event }));
      expect(analysis.findings.filter((f) => f.code === 'envelope.event_bad_name').map((f) => f.severity)).toEqual(['warning']);
      expect(codes(analysis.findings)).not.toContain('envelope.event_unrecognized');
    },
  );

  it('want payout_type to route a body of no known form, but not on Form A, whose fields list none', () => {
    const { payout_type: _p, ...untyped } = giftCardRecipientBody();
    expect(codes(analyzeBody(untyped).findings)).toContain('envelope.payout_type_missing');
    const formA = analyzeBody(formAStatusChanged());
    expect(formA.form).toBe('crypto_form_a');
    expect(codes(formA.findings)).toEqual([]);
  });
});
