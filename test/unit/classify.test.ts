import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { classify, jsonObjectForms } from '../../src/main/core/analysis/classify';
import { payloadForms } from '../../src/shared/verdicts';
import { parseBody } from '../../src/main/core/analysis/parse-body';
import {
  bodyText,
  formALifecycle,
  formAQuoteCanceled,
  formAQuoteConfirmed,
  formBBody,
  giftCardPayoutProcessingBody,
  giftCardRecipientBody,
} from '../fixtures/payloads';

const classifyText = (text: string) => classify(parseBody(new TextEncoder().encode(text)));
const classifyBody = (body: unknown) => classifyText(bodyText(body));

describe('classify', () => {
  it.each([
    ['empty', ''],
    ['invalid JSON', '{"event":'],
    ['an array', '[{"payout_type":"gift_cards"}]'],
    ['a string', '"gift_cards"'],
  ])('is unparseable for %s', (_name, text) => {
    expect(classifyText(text)).toBe('unparseable');
  });

  it('is unparseable for invalid UTF-8', () => {
    expect(classify(parseBody(Uint8Array.from([0xff, 0xfe])))).toBe('unparseable');
  });

  it('recognizes gift-card bodies by payout_type alone', () => {
    expect(classifyBody(giftCardRecipientBody())).toBe('gift_cards');
    expect(classifyBody(giftCardPayoutProcessingBody())).toBe('gift_cards');
    expect(classifyBody({ payout_type: 'gift_cards' })).toBe('gift_cards');
    expect(classifyBody({ ...giftCardRecipientBody(), external_send_id: '1', event: 'payout.quote_created' })).toBe('gift_cards');
  });

  it('recognizes Form B only with exactly event, payout_type and data', () => {
    expect(classifyBody(formBBody())).toBe('crypto_form_b');
    expect(classifyBody({ event: 'x', payout_type: 'crypto', data: 'not even an object' })).toBe('crypto_form_b');
    expect(classifyBody({ ...formBBody(), recipient_email: 'a@example.com' })).toBe('unknown');
    expect(classifyBody({ event: 'payout.processing', payout_type: 'crypto' })).toBe('unknown');
  });

  it('recognizes Form A by external_send_id plus a detailed event or payout_type crypto', () => {
    for (const body of [...formALifecycle(), formAQuoteConfirmed(), formAQuoteCanceled()]) expect(classifyBody(body)).toBe('crypto_form_a');
    expect(classifyBody({ external_send_id: '1', event: 'payout.processing', payout_type: 'crypto' })).toBe('crypto_form_a');
    expect(classifyBody({ external_send_id: '1', event: 'payout.new_thing', payout_type: 'crypto' })).toBe('crypto_form_a');
    expect(classifyBody({ external_send_id: '1', event: 'payout.processing' })).toBe('unknown');
    const { external_send_id: _dropped, ...withoutId } = formALifecycle()[0] ?? {};
    expect(classifyBody(withoutId)).toBe('unknown');
  });

  it('needs external_send_id as an own key (not via the prototype)', () => {
    expect(classifyText('{"event":"payout.quote_created","constructor":1}')).toBe('unknown');
  });

  it('is unknown for other objects', () => {
    expect(classifyBody({})).toBe('unknown');
    expect(classifyBody({ event: 'payout.processing', payout_type: 'bank_transfer' })).toBe('unknown');
    expect(classifyBody({ event: 'payout.processing', payout_type: 'CRYPTO', data: {} })).toBe('unknown');
  });

  it('gives a JSON-object form only to valid UTF-8 without control bytes, and every form but unparseable is one', () => {
    expect([...jsonObjectForms, 'unparseable'].sort()).toEqual([...payloadForms].sort());
    const controlByte = (bytes: Uint8Array) => bytes.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d);
    const bodies = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.jsonValue().map((value) => new TextEncoder().encode(JSON.stringify(value))),
      fc.tuple(fc.dictionary(fc.string(), fc.jsonValue()), fc.uint8Array({ maxLength: 4 }), fc.nat({ max: 40 })).map(([object, bytes, at]) => {
        const text = new TextEncoder().encode(JSON.stringify(object));
        const cut = Math.min(at, text.length);
        return Uint8Array.from([...text.subarray(0, cut), ...bytes, ...text.subarray(cut)]);
      }),
    );
    fc.assert(
      fc.property(bodies, (bytes) => {
        const form = classify(parseBody(bytes));
        if (form === 'unparseable') return;
        expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBeTypeOf('string');
        expect(controlByte(bytes)).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });
});
