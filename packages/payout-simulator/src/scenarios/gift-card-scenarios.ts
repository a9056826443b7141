import { GiftCardStream, giftCardBrands } from './gift-card-stream';
import type { RecipientContext } from './recipient-context';

export type GiftCardScenarioName = 'gift_card_redeemed' | 'gift_card_failed';

/** The claim link goes out, maybe with an unknown reminder event, and the recipient opens it. */
function sendAndView(ctx: RecipientContext, stream: GiftCardStream): void {
  stream.recipientProcessing('sent', ctx.timeline.after(2, 30));
  if (ctx.wantsUnknownEvent()) stream.unknownRecipientEvent(ctx.timeline.after(30, 300));
  stream.recipientProcessing('viewed', ctx.timeline.after(60, 900));
}

function redeemCard(ctx: RecipientContext, stream: GiftCardStream) {
  // The API side names the payout and brand (as /api/payouts lists them); drawn here only when it did not.
  const payout = { uuid: ctx.recipient.payout_uuid ?? ctx.random.uuid(), brand: ctx.recipient.brand ?? ctx.random.pick(giftCardBrands) };
  stream.payoutEvent('payout.processing', payout, ctx.timeline.after(20, 120));
  return payout;
}

const scenarios: Record<GiftCardScenarioName, (ctx: RecipientContext, stream: GiftCardStream) => void> = {
  gift_card_redeemed: (ctx, stream) => {
    sendAndView(ctx, stream);
    const payout = redeemCard(ctx, stream);
    // The card is issued: its payout ends (completed) before the recipient reads redeemed.
    stream.payoutEvent('payout.processing', payout, ctx.timeline.after(5, 30), 'completed');
    stream.recipientProcessing('redeemed', ctx.timeline.after(5, 30));
  },
  /** Either the claim bounces before anyone opens it, or the redeemed card cannot be issued. */
  gift_card_failed: (ctx, stream) => {
    if (ctx.random.chance(0.5)) {
      stream.recipientProcessing('sent', ctx.timeline.after(2, 30));
      if (ctx.wantsUnknownEvent()) stream.unknownRecipientEvent(ctx.timeline.after(30, 300));
      stream.recipientFailed(ctx.timeline.after(30, 600));
      return;
    }
    sendAndView(ctx, stream);
    const payout = redeemCard(ctx, stream);
    stream.payoutEvent('payout.failed', payout, ctx.timeline.after(30, 300));
  },
};

export function runGiftCardScenario(name: GiftCardScenarioName, ctx: RecipientContext): void {
  scenarios[name](ctx, new GiftCardStream(ctx));
}
