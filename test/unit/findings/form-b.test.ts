import { describe, expect, it } from 'vitest';
import { formBFindings } from '../../../src/main/core/analysis/findings/form-b';
import { parseBody } from '../../../src/main/core/analysis/parse-body';
import { bodyText, formBBody } from '../../fixtures/payloads';
import { analyzeBody, codes, edit } from '../helpers';

function findingsOf(body: Record<string, unknown>) {
  const parsed = parseBody(new TextEncoder().encode(bodyText(body)));
  if (parsed.kind !== 'object') throw new Error(parsed.kind);
  return formBFindings(parsed.value);
}

describe('Form B findings', () => {
  it('accept the provider status as is (confirming) and cross-currency sends', () => {
    expect(findingsOf(formBBody())).toEqual([]);
    expect(findingsOf(formBBody('payout.processing', { crossCurrency: true, status: 'awaiting_fx' }))).toEqual([]);
  });

  it('tell gift-card keys (error) from other extra keys (warning), naming them', () => {
    const body = { ...formBBody(), recipient_email: 'a@example.com', status: 'x', trace_id: 't' };
    const findings = findingsOf(body);
    expect(findings.map((f) => [f.code, f.severity])).toEqual([
      ['form_b.gift_card_keys_present', 'error'],
      ['form_b.extra_keys', 'warning'],
    ]);
    expect(findings[0]?.message).toMatch(/"recipient_email", "status"/);
    expect(findings[1]?.message).toMatch(/"trace_id"/);
  });

  it('still check the data of a body that missed the form by an extra key', () => {
    const analysis = analyzeBody(edit(edit(formBBody(), ['trace_id'], 't'), ['data', 'id'], 'abc'));
    expect(analysis.form).toBe('unknown');
    expect(codes(analysis.findings)).toEqual(['form_b.extra_keys', 'form_b.not_integer']);
  });

  it('want data to be an object', () => {
    expect(findingsOf(edit(formBBody(), ['data'], [1]))).toMatchObject([{ code: 'form_b.field_type', path: '$.data' }]);
  });

  it('want data.id to be a JSON integer', () => {
    expect(findingsOf(edit(formBBody(), ['data', 'id'], '48213'))).toMatchObject([{ code: 'form_b.not_integer', path: '$.data.id' }]);
  });
});
