import { describe, expect, it } from 'vitest';
import { giftCardTerminalStatuses, isTerminalEvent } from '../../../src/main/core/analysis/lifecycle';
import { formBBody, giftCardFailedBody, giftCardPayoutProcessingBody, giftCardRecipientBody, ids } from '../../fixtures/payloads';
import { at, rebuild, stored } from './helpers';

const recipientAt = (status: string, time: string, event = 'payout.processing') => at(giftCardRecipientBody({ status, event }), time);

describe('gift-card streams', () => {
  it('orders a recipient stream by updated_at, as instants', () => {
    const lifecycle = rebuild([
      recipientAt('redeemed', '2026-03-02T10:40:00Z'),
      recipientAt('sent', '2026-03-02T11:15:30+01:00'),
      recipientAt('viewed', '2026-03-02T10:20:00Z'),
    ]);
    expect(lifecycle).toMatchObject({
      key: `gift:${ids.payoutOrder}|${ids.recipient}|recipient`,
      kind: 'gift_card_recipient',
      subject: ids.recipient,
      currentStatus: 'redeemed',
      terminal: true,
      reordered: true,
      findings: [],
    });
    expect(lifecycle.events.map((e) => [e.status, e.arrivalRank])).toEqual([
      ['sent', 2],
      ['viewed', 3],
      ['redeemed', 1],
    ]);
  });

  it('keeps each redeemed card payout a stream of its own', () => {
    const processing = giftCardPayoutProcessingBody();
    const failed = { ...processing, event: 'payout.failed', status: 'failed', updated_at: '2026-03-02T10:30:00Z' };
    expect(stored(processing, 1).lifecycleKey).toBe(`gift:payout:${ids.payout}`);
    expect(stored(giftCardRecipientBody(), 2).lifecycleKey).not.toBe(stored(processing, 1).lifecycleKey);
    expect(rebuild([processing])).toMatchObject({ kind: 'gift_card_payout', currentStatus: 'processing', terminal: false });
    expect(rebuild([failed, processing])).toMatchObject({ currentStatus: 'failed', terminal: true, reordered: true });
  });

  it('treats redeemed, failed, expired and canceled recipients, and completed, failed and canceled payouts, as final (our rule)', () => {
    expect(giftCardTerminalStatuses).toEqual({
      gift_card_recipient: ['redeemed', 'failed', 'expired', 'canceled'],
      gift_card_payout: ['completed', 'failed', 'canceled'],
    });
    expect(isTerminalEvent('gift_card_recipient', 'payout.processing', 'viewed')).toBe(false);
    expect(isTerminalEvent('gift_card_recipient', 'payout.failed', 'on_hold')).toBe(true);
    expect(rebuild([giftCardRecipientBody(), giftCardFailedBody()])).toMatchObject({ currentStatus: 'failed', terminal: true });
  });

  it('keeps unrecognized recipient.* events and their status, without findings', () => {
    const reminder = recipientAt('viewed', '2026-03-02T12:00:00Z', 'recipient.reminder_sent');
    const lifecycle = rebuild([recipientAt('viewed', '2026-03-02T10:20:00Z'), reminder]);
    expect(lifecycle.events.map((e) => e.event)).toEqual(['payout.processing', 'recipient.reminder_sent']);
    expect(lifecycle).toMatchObject({ currentStatus: 'viewed', terminal: false, findings: [] });
  });

  it('warns about an unreadable updated_at', () => {
    const lifecycle = rebuild([recipientAt('sent', '2026-03-02T10:00:00Z'), recipientAt('viewed', '02/03/2026')]);
    expect(lifecycle.findings).toEqual([expect.objectContaining({ code: 'lifecycle.event_time_unusable', path: 'events[1].updated_at' })]);
  });
});

describe('Form B sends', () => {
  it('ends with payout.failed; data.status is the provider word and is shown as such', () => {
    expect(rebuild([formBBody()])).toMatchObject({
      key: `form_b:${ids.externalSendId}`,
      kind: 'crypto_form_b',
      orderUuid: null,
      recipientKey: null,
      currentStatus: 'confirming',
      terminal: false,
    });
    const failed = formBBody('payout.failed', { status: 'failed' });
    expect(rebuild([formBBody(), failed])).toMatchObject({ currentStatus: 'failed', terminal: true });
    expect(isTerminalEvent('crypto_form_b', 'payout.processing', 'failed')).toBe(false);
  });

  it('applies no Form A rule', () => {
    expect(rebuild([formBBody('payout.failed', { status: 'failed' }), formBBody()]).findings).toEqual([]);
  });
});
