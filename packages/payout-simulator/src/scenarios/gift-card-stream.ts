import { isPlainDecimal, jsonNumber, type Json } from './json-text';
import type { RecipientContext } from './recipient-context';

export interface GiftCardBrand {
  uuid: string;
  name: string;
}

export const giftCardBrands: readonly GiftCardBrand[] = [
  { uuid: '3b0c6a52-8d1e-4f7a-9c2b-5e4d3f2a1b0c', name: 'Bookshop Gift Card' },
  { uuid: '7f2e9d41-6c3b-4a5e-8f1d-2c0b9a8e7d6f', name: 'Coffee House eGift' },
  { uuid: 'a1d4c7e0-3f6b-4c9e-b2a5-8d1f4e7a0c3b', name: 'Streaming Plus' },
  { uuid: 'c5e8b1f4-7a0d-4e3c-9f6b-1a4d7c0e3f6a', name: 'Outdoor Outfitters' },
  { uuid: 'e9b2f5a8-1c4e-4d7a-8b0f-3e6a9d2c5f8b', name: 'Game Store Credit' },
];

/** Deadline of the entitlement after the claim link is sent (real days: a date, not a pace). */
const entitlementDays = 90;

/** Statuses of a gift-card recipient and of a redeemed card's payout (spec 3: not shown; our choice). */
export type RecipientStatus = 'sent' | 'viewed' | 'redeemed' | 'failed';
export type PayoutStatus = 'processing' | 'completed' | 'failed';

/** One gift-card recipient's flat bodies (spec 2.2): the recipient record and the payouts of the cards it redeems. */
export class GiftCardStream {
  private sentAt: Date | null = null;
  private viewedAt: Date | null = null;
  private readonly amount: string;

  constructor(private readonly ctx: RecipientContext) {
    this.amount = isPlainDecimal(ctx.recipient.amount) ? ctx.recipient.amount : '25.00';
  }

  private common(event: string, subjectType: 'recipient' | 'payout', status: string, at: Date): Json & { event: string } {
    const { order, recipient } = this.ctx;
    const expiresAt = this.sentAt === null ? null : new Date(this.sentAt.getTime() + entitlementDays * 86_400_000);
    return {
      event,
      payout_type: 'gift_cards',
      subject_type: subjectType,
      status,
      updated_at: at.toISOString(),
      payout_order_uuid: order.uuid,
      recipient_uuid: recipient.uuid,
      recipient_email: recipient.email,
      recipient_name: recipient.name,
      sent_at: this.sentAt?.toISOString() ?? null,
      viewed_at: this.viewedAt?.toISOString() ?? null,
      expires_at: expiresAt?.toISOString() ?? null,
    };
  }

  private recipientStreamKey(): string {
    return this.ctx.streamKey('recipient');
  }

  /** payout.processing about the recipient: `currency` is present on every payout.processing (spec 2.2). */
  recipientProcessing(status: Exclude<RecipientStatus, 'failed'>, at: Date): void {
    if (status === 'sent') this.sentAt = at;
    if (status === 'viewed') this.viewedAt = at;
    const body = { ...this.common('payout.processing', 'recipient', status, at), currency: this.ctx.order.wallet_currency };
    this.ctx.emit(this.recipientStreamKey(), body, at);
  }

  /** The claim could not reach the recipient; currency is only promised on payout.processing, so it is left out. */
  recipientFailed(at: Date): void {
    this.ctx.emit(this.recipientStreamKey(), this.common('payout.failed', 'recipient', 'failed', at), at);
  }

  unknownRecipientEvent(at: Date): void {
    const status = this.viewedAt !== null ? 'viewed' : 'sent';
    this.ctx.emit(this.recipientStreamKey(), this.common('recipient.reminder_sent', 'recipient', status, at), at);
  }

  /**
   * A redeemed card's payout: brand, payout UUID and the amount as a JSON number written exactly (spec 2.2).
   * Like the recipient's, its statuses travel on payout.processing (`processing`, then `completed` once the
   * card is issued); payout.failed says it could not be.
   */
  payoutEvent(
    event: 'payout.processing' | 'payout.failed',
    payout: { uuid: string; brand: GiftCardBrand },
    at: Date,
    status: PayoutStatus = event === 'payout.failed' ? 'failed' : 'processing',
  ): void {
    const body = {
      ...this.common(event, 'payout', status, at),
      currency: this.ctx.order.wallet_currency,
      payout_uuid: payout.uuid,
      brand_uuid: payout.brand.uuid,
      brand_name: payout.brand.name,
      amount: jsonNumber(this.amount),
    };
    this.ctx.emit(this.ctx.streamKey('payout', payout.uuid), body, at);
  }
}
