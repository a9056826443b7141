import type { LifecycleKind } from '../../../shared/lifecycle';
import type { Finding, PayloadForm, SignatureCheck } from '../../../shared/verdicts';

/** A request as the receiver captured it: the input of every analysis (its shape is the capture's). */
export type { RawDelivery } from '@webhook-inspector/capture';

/** Everything the inspector concludes about one delivery; recomputable from RawDelivery and the secret. */
export interface DeliveryAnalysis {
  form: PayloadForm;
  event: string | null;
  payoutType: string | null;
  /** X-Service-Delivery, shown but never used to deduplicate. */
  deliveryId: string | null;
  signature: SignatureCheck;
  idempotencyKey: string | null;
  /** Whom the event is about: recipient email, external_send_id, or Form B data.id. */
  subject: string | null;
  /** occurred_at (Form A) or updated_at (gift cards): the time lifecycles are ordered by. */
  eventTime: string | null;
  findings: Finding[];
  lifecycle: LifecycleKeys;
}

/** Where a delivery belongs in the lifecycles (all null when it belongs to none, e.g. unparseable). */
export interface LifecycleKeys {
  /** One lifecycle: a crypto send (external_send_id), a Form B send (data.id), or a gift-card stream. */
  lifecycleKey: string | null;
  kind: LifecycleKind | null;
  /** external_send_id, Form B data.id, or the gift-card stream's subject (recipient or payout uuid). */
  subject: string | null;
  orderUuid: string | null;
  /** The recipient within its order (Form A has no recipient uuid, so both forms key on the email). */
  recipientKey: string | null;
  recipientEmail: string | null;
  /** The top-level status the event reports (Form B: data.status). */
  status: string | null;
}
