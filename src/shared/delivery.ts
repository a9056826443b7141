import { z } from 'zod';
import { BodyText, FilterValue } from './filter-text';
import { Finding, PayloadForm, SignatureCheck, SignatureVerdict } from './verdicts';

export const FindingCounts = z.object({ error: z.number(), warning: z.number(), info: z.number() });

/** One row of the deliveries list. */
export const DeliverySummary = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  method: z.string(),
  path: z.string(),
  tls: z.boolean(),
  event: z.string().nullable(),
  payoutType: z.string().nullable(),
  form: PayloadForm,
  signature: SignatureVerdict,
  /**
   * Deliveries stored with the same idempotency key, this one included; without a key, those with the same
   * body bytes and no key (1 when it has no duplicate, or neither a key nor a body).
   */
  duplicateCount: z.number().int(),
  idempotencyKey: z.string().nullable(),
  /** Recipient email, or external_send_id, or Form B data.id: whom the event is about. */
  subject: z.string().nullable(),
  responseStatus: z.number().int(),
  bodySize: z.number().int(),
  findingCounts: FindingCounts,
  imported: z.boolean(),
  /** Where it was pulled from (`relay:<host>`), or null when this inspector's own receiver captured it. */
  source: z.string().nullable(),
});
export type DeliverySummary = z.infer<typeof DeliverySummary>;

/** How a deliveries list is ordered, newest first: by receive time, or by id (the order stored in this data dir). */
export const DeliveryOrder = z.enum(['received', 'stored']);
export type DeliveryOrder = z.infer<typeof DeliveryOrder>;

export const DuplicateSibling = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  deliveryId: z.string().nullable(),
  signature: SignatureVerdict,
  responseStatus: z.number().int(),
  bodySha256: z.string(),
});

export const DeliveryDetail = DeliverySummary.extend({
  query: z.string(),
  /** Header pairs as received: order and case kept. */
  headers: z.array(z.tuple([z.string(), z.string()])),
  bodyBase64: z.string(),
  bodySha256: z.string(),
  /** The body went past the size limit; only the bytes up to the limit were kept. */
  bodyTruncated: z.boolean(),
  remoteAddress: z.string().nullable(),
  deliveryId: z.string().nullable(),
  eventTime: z.string().nullable(),
  signatureCheck: SignatureCheck,
  findings: z.array(Finding),
  /** The first delivery with the same idempotency key, when it is not this one (null without a key). */
  duplicateOf: z.number().int().nullable(),
  /**
   * Every delivery with the same idempotency key, this one included, in arrival order; without a key, every
   * delivery with the same body bytes and no key (none for an empty body).
   */
  siblings: z.array(DuplicateSibling),
  response: z.object({ status: z.number().int(), body: z.string(), reason: z.string() }),
  /** Where it belongs: its lifecycle, its order and its recipient (null when none). */
  lifecycleKey: z.string().nullable(),
  orderUuid: z.string().nullable(),
  recipientKey: z.string().nullable(),
});
export type DeliveryDetail = z.infer<typeof DeliveryDetail>;

export const DeliveryFilter = z.object({
  event: FilterValue.optional(),
  form: PayloadForm.optional(),
  signature: SignatureVerdict.optional(),
  path: FilterValue.optional(),
  /** Free text searched in the raw body. */
  text: BodyText.optional(),
});
export type DeliveryFilter = z.infer<typeof DeliveryFilter>;
