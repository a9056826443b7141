import { emptyPayoutFields, type PayoutFields } from './payout-fields';
import type { PayoutAnswer } from './PayoutResponse';

export interface SavedPayoutForm {
  fields: PayoutFields;
  answer: PayoutAnswer | null;
}

/** The form as it was left, kept for the session: following an order's links and coming back finds it again. */
let saved: SavedPayoutForm = { fields: emptyPayoutFields(), answer: null };

export function savedPayoutForm(): SavedPayoutForm {
  return saved;
}

export function savePayoutForm(form: SavedPayoutForm): void {
  saved = form;
}
