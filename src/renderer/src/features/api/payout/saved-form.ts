import { emptyPayoutDraft, type PayoutDraft } from './payout-draft';
import type { PayoutAnswer } from './PayoutResponse';

export interface SavedPayoutForm {
  draft: PayoutDraft;
  answer: PayoutAnswer | null;
}

/** The form as it was left, kept for the session: following an order's links and coming back finds it again. */
let saved: SavedPayoutForm = { draft: emptyPayoutDraft(), answer: null };

export function savedPayoutForm(): SavedPayoutForm {
  return saved;
}

export function savePayoutForm(form: SavedPayoutForm): void {
  saved = form;
}
