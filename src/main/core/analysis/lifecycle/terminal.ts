import type { LifecycleKind } from '../../../../shared/lifecycle';
import { isTerminalSendStatus } from '../../../../shared/payloads/crypto-form-a';

/**
 * Gift-card statuses are not shown in the spec (section 3 rule 3). These final statuses are the
 * inspector's own rule: a recipient is done once its card is redeemed, or its claim failed, expired or
 * was canceled; a redeemed card's payout once it completed, failed or was canceled.
 */
export const giftCardTerminalStatuses: Readonly<Record<'gift_card_recipient' | 'gift_card_payout', readonly string[]>> = {
  gift_card_recipient: ['redeemed', 'failed', 'expired', 'canceled'],
  gift_card_payout: ['completed', 'failed', 'canceled'],
};

/** Whether the event leaves its send or stream in a final state. */
export function isTerminalEvent(kind: LifecycleKind, event: string | null, status: string | null): boolean {
  switch (kind) {
    case 'crypto_send':
      return isTerminalSendStatus(status);
    case 'crypto_form_b':
      // data.status is the provider's own word (spec 2.3), so only the event name says the send ended.
      return event === 'payout.failed';
    case 'gift_card_recipient':
    case 'gift_card_payout':
      return event === 'payout.failed' || (status !== null && giftCardTerminalStatuses[kind].includes(status));
  }
}
