import { describe, expect, it } from 'vitest';
import { LosslessNumber } from 'lossless-json';
import { parseBody } from '../../src/main/core/analysis/parse-body';
import { CryptoFormABody } from '../../src/shared/payloads/crypto-form-a';
import { CryptoFormBBody } from '../../src/shared/payloads/crypto-form-b';
import { GiftCardPayoutProcessingBody, giftCardSchemaFor } from '../../src/shared/payloads/gift-card';
import {
  isCurrencyCode,
  isDecimalString,
  isIso8601DateTime,
  isJsonInteger,
  isUuid,
  JsonNumber,
} from '../../src/shared/payloads/json-values';
import { SendRequest } from '../../src/shared/payloads/send-request';
import { bodyText, formALifecycle, formBBody, giftCardPayoutProcessingBody, giftCardRecipientBody } from '../fixtures/payloads';

function lossless(body: unknown): Record<string, unknown> {
  const parsed = parseBody(new TextEncoder().encode(bodyText(body)));
  if (parsed.kind !== 'object') throw new Error(parsed.kind);
  return parsed.value;
}

describe('payload schemas', () => {
  it('accept the fixtures as parsed losslessly, keeping the amount text', () => {
    const gift = GiftCardPayoutProcessingBody.parse(lossless(giftCardPayoutProcessingBody('25.00')));
    expect(String(gift.amount)).toBe('25.00');
    expect(giftCardSchemaFor('payout.processing', 'recipient').safeParse(lossless(giftCardRecipientBody())).success).toBe(true);
    for (const body of formALifecycle()) expect(CryptoFormABody.safeParse(lossless(body)).success).toBe(true);
    expect(CryptoFormBBody.safeParse(lossless(formBBody())).success).toBe(true);
  });

  it('keep unknown fields', () => {
    const parsed = CryptoFormABody.parse({ ...lossless(formALifecycle()[0]), brand_new: 1 });
    expect(parsed).toHaveProperty('brand_new', 1);
  });

  it('Form B refuses a fourth key', () => {
    expect(CryptoFormBBody.safeParse({ ...lossless(formBBody()), trace: 'x' }).success).toBe(false);
  });

  it('refuse a number where an object belongs, though a LosslessNumber is a JS object', () => {
    const data = lossless(formBBody()).data as Record<string, unknown>;
    const result = SendRequest.safeParse({ ...data, fees: new LosslessNumber('5') });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['fees']);
  });

  it('require the payout extras only on payout.processing with subject_type payout', () => {
    const { amount: _a, ...noAmount } = lossless(giftCardPayoutProcessingBody());
    expect(giftCardSchemaFor('payout.processing', 'payout').safeParse(noAmount).success).toBe(false);
    expect(giftCardSchemaFor('payout.failed', 'payout').safeParse(noAmount).success).toBe(true);
  });

  it('JSON numbers are LosslessNumbers or finite JS numbers, never strings', () => {
    expect(JsonNumber.safeParse(new LosslessNumber('25.00')).success).toBe(true);
    expect(JsonNumber.safeParse(25).success).toBe(true);
    expect(JsonNumber.safeParse('25.00').success).toBe(false);
    expect(JsonNumber.safeParse(Number.NaN).success).toBe(false);
  });
});

describe('value formats', () => {
  it('integers are written without fraction or exponent', () => {
    expect(isJsonInteger(new LosslessNumber('48213'))).toBe(true);
    expect(isJsonInteger(new LosslessNumber('123456789012345678901234567890'))).toBe(true);
    expect(isJsonInteger(new LosslessNumber('-7'))).toBe(true);
    expect(isJsonInteger(new LosslessNumber('1.0'))).toBe(false);
    expect(isJsonInteger(new LosslessNumber('1e2'))).toBe(false);
    expect(isJsonInteger('5')).toBe(false);
  });

  it('decimal strings are plain decimal notation', () => {
    for (const ok of ['0', '1.0', '100.00', '0.00241876', '-3.5', '123456789012345678901234567890.123456789'])
      expect(isDecimalString(ok)).toBe(true);
    for (const bad of ['', '1e-3', '.5', '5.', '01.5', ' 1', '1,5', 'NaN', 'Infinity', '0x10', '+1'])
      expect(isDecimalString(bad)).toBe(false);
    expect(isDecimalString(100)).toBe(false);
  });

  it('ISO-8601 date-times carry an offset and a real calendar date', () => {
    for (const ok of ['2026-03-02T10:15:30Z', '2026-03-02T10:15:30.250+01:00', '2024-02-29T00:00:00-05:00'])
      expect(isIso8601DateTime(ok)).toBe(true);
    for (const bad of [
      '2026-03-02',
      '2026-03-02T10:15:30',
      '2026-02-30T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-03-02 10:15:30Z',
      '2026-03-02T24:00:00Z',
    ]) {
      expect(isIso8601DateTime(bad)).toBe(false);
    }
  });

  it('UUIDs and currency codes', () => {
    expect(isUuid('6F1D2C3B-4A5E-4F60-9B7A-8C9D0E1F2A3B')).toBe(true);
    expect(isUuid('6f1d2c3b4a5e4f609b7a8c9d0e1f2a3b')).toBe(false);
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('EURO')).toBe(false);
  });
});
