import { describe, expect, it } from 'vitest';
import { cardSecretFindings, isCardSecretKey } from '../../../src/main/core/analysis/findings/security';
import { formBBody, giftCardRecipientBody } from '../../fixtures/payloads';
import { analyzeBody, withCode } from '../helpers';

describe('card secrets in gift-card bodies', () => {
  it('recognize code, PIN and serial keys in any case and separator style', () => {
    for (const key of [
      'code',
      'Code',
      'card_code',
      'cardCode',
      'PIN',
      'pin_code',
      'serial',
      'serial_number',
      'serialNumber',
      'redemption-code',
      'claim_code',
      'CLAIM_CODE',
    ]) {
      expect(isCardSecretKey(key)).toBe(true);
    }
    for (const key of ['currency_code', 'postcode', 'pin_verified', 'status', 'recipient_name', 'barcode_url'])
      expect(isCardSecretKey(key)).toBe(false);
  });

  it('find them at any depth, with the path, never echoing the value', () => {
    const body = giftCardRecipientBody({ redeem: { cards: [{ serialNumber: 'SN-998877' }, { claim_code: 'CLAIM-5544' }] }, Pin: '4821' });
    const findings = cardSecretFindings(body);
    expect(findings.map((f) => f.path).sort()).toEqual(['$.Pin', '$.redeem.cards[0].serialNumber', '$.redeem.cards[1].claim_code']);
    for (const f of findings) {
      expect(f).toMatchObject({ code: 'security.card_secret_in_body', severity: 'error' });
      expect(f.message).not.toMatch(/SN-998877|CLAIM-5544|4821/);
    }
  });

  it('find nothing in a conformant body', () => {
    expect(cardSecretFindings(giftCardRecipientBody())).toEqual([]);
  });

  it('apply to gift-card bodies only', () => {
    const crypto = formBBody();
    (crypto.data as Record<string, unknown>).code = 'provider-code';
    expect(withCode(analyzeBody(crypto).findings, 'security.card_secret_in_body')).toEqual([]);
    expect(withCode(analyzeBody(giftCardRecipientBody({ code: 'X' })).findings, 'security.card_secret_in_body')).toHaveLength(1);
  });
});
