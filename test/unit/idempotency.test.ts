import { describe, expect, it } from 'vitest';
import { idempotencyKey } from '../../src/main/core/analysis/idempotency';
import { parseBody } from '../../src/main/core/analysis/parse-body';
import { bodyText, formAStatusChanged, formATerminalCompleted, formBBody, giftCardRecipientBody, ids } from '../fixtures/payloads';

function parsed(body: unknown): Record<string, unknown> {
  const result = parseBody(new TextEncoder().encode(typeof body === 'string' ? body : bodyText(body)));
  if (result.kind !== 'object') throw new Error(result.kind);
  return result.value;
}

describe('idempotencyKey', () => {
  it('joins event, subject_type, recipient_uuid and updated_at for gift cards (spec 6 rule 4)', () => {
    expect(idempotencyKey('gift_cards', parsed(giftCardRecipientBody()))).toBe(
      `payout.processing|recipient|${ids.recipient}|2026-03-02T10:15:30Z`,
    );
  });

  it('joins event and data.id for Form B, keeping the integer text exactly', () => {
    expect(idempotencyKey('crypto_form_b', parsed(formBBody()))).toBe(`payout.processing|${ids.externalSendId}`);
    const big = '{"event":"payout.processing","payout_type":"crypto","data":{"id":123456789012345678901234567890}}';
    expect(idempotencyKey('crypto_form_b', parsed(big))).toBe('payout.processing|123456789012345678901234567890');
  });

  it('uses event, external_send_id, status, occurred_at and tx_hash when present for Form A', () => {
    expect(idempotencyKey('crypto_form_a', parsed(formAStatusChanged()))).toBe(
      `payout.status_changed|${ids.externalSendId}|processing|2026-03-02T09:05:00Z`,
    );
    const withoutHash = idempotencyKey('crypto_form_a', parsed(formATerminalCompleted()));
    const withHash = idempotencyKey('crypto_form_a', parsed(formATerminalCompleted({ txHash: ids.txHash })));
    expect(withHash).toBe(`payout.terminal_state|${ids.externalSendId}|completed|2026-03-02T09:12:00Z|${ids.txHash}`);
    expect(withoutHash).toBe(`payout.terminal_state|${ids.externalSendId}|completed|2026-03-02T09:10:00Z`);
  });

  it('is null when a part is missing or not a string', () => {
    const { recipient_uuid: _r, ...noRecipient } = giftCardRecipientBody();
    expect(idempotencyKey('gift_cards', parsed(noRecipient))).toBeNull();
    expect(idempotencyKey('gift_cards', parsed(giftCardRecipientBody({ updated_at: 17 })))).toBeNull();
    expect(idempotencyKey('crypto_form_b', parsed({ event: 'payout.processing', payout_type: 'crypto', data: { id: '5' } }))).toBeNull();
    expect(idempotencyKey('crypto_form_b', parsed({ event: 'payout.processing', payout_type: 'crypto', data: [] }))).toBeNull();
    expect(idempotencyKey('crypto_form_a', parsed({ ...formAStatusChanged(), tx_hash: null }))).toBeNull();
    const { occurred_at: _o, ...noTime } = formAStatusChanged();
    expect(idempotencyKey('crypto_form_a', parsed(noTime))).toBeNull();
  });

  it('is null for forms without a key rule and without a body', () => {
    expect(idempotencyKey('unknown', parsed(giftCardRecipientBody()))).toBeNull();
    expect(idempotencyKey('unparseable', null)).toBeNull();
  });

  it('gives retries of one event the same key and different events different keys', () => {
    const a = idempotencyKey('gift_cards', parsed(giftCardRecipientBody({ extra_field: 1 })));
    expect(a).toBe(idempotencyKey('gift_cards', parsed(giftCardRecipientBody())));
    expect(a).not.toBe(idempotencyKey('gift_cards', parsed(giftCardRecipientBody({ updated_at: '2026-03-02T10:15:31Z' }))));
  });
});
