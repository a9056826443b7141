import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { lifecycleKeys, noLifecycleKeys } from '../../../src/main/core/analysis/lifecycle';
import { analyzeBody } from '../helpers';
import {
  formAQuoteCreated,
  formAStatusChanged,
  formBBody,
  giftCardFailedBody,
  giftCardPayoutProcessingBody,
  giftCardRecipientBody,
  ids,
} from '../../fixtures/payloads';

describe('lifecycleKeys', () => {
  it('keys Form A by external_send_id, and its recipient by order and lowercased email', () => {
    expect(analyzeBody({ ...formAStatusChanged(), recipient_email: 'Ada@Example.COM' }).lifecycle).toEqual({
      lifecycleKey: `send:${ids.externalSendId}`,
      kind: 'crypto_send',
      subject: ids.externalSendId,
      orderUuid: ids.payoutOrder,
      recipientKey: `${ids.payoutOrder}|ada@example.com`,
      recipientEmail: 'Ada@Example.COM',
      status: 'processing',
    });
  });

  it("keys an event its kind does not name to its lifecycle, but to no order or recipient (a lifecycle's own rule)", () => {
    // As the service might add one (spec 9), in Form A's envelope.
    const keys = analyzeBody({
      event: 'recipient.wallet_verified',
      payout_order_uuid: ids.payoutOrder,
      recipient_email: 'ada@example.com',
      status: 'processing',
      occurred_at: '2026-03-02T10:15:30Z',
      external_send_id: ids.externalSendId,
      payout_type: 'crypto',
    }).lifecycle;
    expect(keys).toMatchObject({ lifecycleKey: `send:${ids.externalSendId}`, kind: 'crypto_send' });
    expect(keys).toMatchObject({ orderUuid: null, recipientKey: null, recipientEmail: null });
    const gift = analyzeBody({ ...giftCardRecipientBody(), event: 'payout.teleported' }).lifecycle;
    expect(gift).toMatchObject({ kind: 'gift_card_recipient', orderUuid: null, recipientKey: null });
  });

  it('keys Form B by data.id with its provider status, and no order or recipient', () => {
    expect(analyzeBody(formBBody()).lifecycle).toEqual({
      lifecycleKey: `form_b:${ids.externalSendId}`,
      kind: 'crypto_form_b',
      subject: ids.externalSendId,
      orderUuid: null,
      recipientKey: null,
      recipientEmail: null,
      status: 'confirming',
    });
  });

  it('keys a gift-card recipient stream by order, recipient and subject type', () => {
    const expected = {
      lifecycleKey: `gift:${ids.payoutOrder}|${ids.recipient}|recipient`,
      kind: 'gift_card_recipient',
      subject: ids.recipient,
      orderUuid: ids.payoutOrder,
      recipientKey: `${ids.payoutOrder}|ada@example.com`,
      recipientEmail: 'ada@example.com',
    };
    expect(analyzeBody(giftCardRecipientBody()).lifecycle).toEqual({ ...expected, status: 'sent' });
    expect(analyzeBody(giftCardFailedBody()).lifecycle).toEqual({ ...expected, status: 'failed' });
  });

  it('keys a redeemed card payout by payout_uuid, still under its recipient', () => {
    expect(analyzeBody(giftCardPayoutProcessingBody()).lifecycle).toEqual({
      lifecycleKey: `gift:payout:${ids.payout}`,
      kind: 'gift_card_payout',
      subject: ids.payout,
      orderUuid: ids.payoutOrder,
      recipientKey: `${ids.payoutOrder}|ada@example.com`,
      recipientEmail: 'ada@example.com',
      status: 'processing',
    });
  });

  it('keeps the key when only the recipient parts are missing', () => {
    const { recipient_email: _email, ...body } = formAQuoteCreated();
    expect(analyzeBody(body).lifecycle).toMatchObject({
      lifecycleKey: `send:${ids.externalSendId}`,
      recipientKey: null,
      recipientEmail: null,
    });
  });

  it('gives nothing when a key part is missing, or the body is unknown or unparseable', () => {
    const { external_send_id: _id, ...noSendId } = formAStatusChanged();
    const { payout_uuid: _payout, ...noPayoutUuid } = giftCardPayoutProcessingBody();
    const { recipient_uuid: _recipient, ...noRecipientUuid } = giftCardRecipientBody();
    const { payout_order_uuid: _order, ...noOrder } = giftCardRecipientBody();
    const noDataId = formBBody();
    delete (noDataId.data as Record<string, unknown>).id;
    for (const body of [
      { ...noSendId, payout_type: 'crypto' },
      noPayoutUuid,
      noRecipientUuid,
      noOrder,
      giftCardRecipientBody({ subject_type: 'order' }),
      noDataId,
      { event: 'payout.processing', payout_type: 'bank_transfer' },
      'not json',
    ]) {
      expect(analyzeBody(body).lifecycle).toEqual(noLifecycleKeys);
    }
    expect(lifecycleKeys('crypto_form_a', null)).toEqual(noLifecycleKeys);
  });

  it('reads Form B data.id exactly as written, however large', () => {
    const body = formBBody();
    (body.data as Record<string, unknown>).id = new LosslessNumber('12345678901234567890');
    expect(analyzeBody(body).lifecycle.lifecycleKey).toBe('form_b:12345678901234567890');
  });
});
