import { z } from 'zod';
import { CurrencyCode, Iso8601, JsonNumber, Uuid } from './json-values';

/** Gift-card body (spec 2.2): one flat object, no `data` key. */
export const GiftCardBody = z.looseObject({
  event: z.string(),
  payout_type: z.literal('gift_cards'),
  subject_type: z.enum(['recipient', 'payout']),
  /** Per subject type; the values are not specified. */
  status: z.string(),
  updated_at: Iso8601,
  payout_order_uuid: Uuid,
  recipient_uuid: Uuid,
  recipient_email: z.string(),
  recipient_name: z.string(),
  sent_at: Iso8601.nullable(),
  viewed_at: Iso8601.nullable(),
  expires_at: Iso8601.nullable(),
  /** Required on payout.processing. */
  currency: CurrencyCode.optional(),
  payout_uuid: Uuid.optional(),
  brand_uuid: Uuid.optional(),
  brand_name: z.string().optional(),
  /** Gift-card amounts are JSON numbers, never strings. */
  amount: JsonNumber.optional(),
});
export type GiftCardBody = z.infer<typeof GiftCardBody>;

export const GiftCardProcessingBody = GiftCardBody.extend({ currency: CurrencyCode });
export type GiftCardProcessingBody = z.infer<typeof GiftCardProcessingBody>;

/** payout.processing with subject_type payout carries the payout's brand and amount. */
export const GiftCardPayoutProcessingBody = GiftCardProcessingBody.extend({
  payout_uuid: Uuid,
  brand_uuid: Uuid,
  brand_name: z.string(),
  amount: JsonNumber,
});
export type GiftCardPayoutProcessingBody = z.infer<typeof GiftCardPayoutProcessingBody>;

/** The keys of a gift-card body; Form B must carry none of them besides event and payout_type. */
export const giftCardKeys: readonly string[] = Object.keys(GiftCardBody.shape);

/** Keys the spec allows to be null; any other null is a deviation. */
export const giftCardNullableKeys: readonly string[] = ['sent_at', 'viewed_at', 'expires_at'];

/** The schema that applies to a gift-card body with this event and subject type. */
export function giftCardSchemaFor(event: unknown, subjectType: unknown) {
  if (event !== 'payout.processing') return GiftCardBody;
  return subjectType === 'payout' ? GiftCardPayoutProcessingBody : GiftCardProcessingBody;
}
