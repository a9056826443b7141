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

/**
 * How many copies of its group a delivery's detail lists: a retry burst reads whole, while a retry storm's group
 * (hundreds of thousands of copies of one key) stays one small answer; the group's facts and total say the rest.
 */
export const listedCopiesLimit = 100;

/**
 * A duplicate group as a whole, as the store keeps it while copies arrive (its duplicate_groups row, with the copies
 * stored since it was last brought up to date): read without listing every copy.
 */
export const DuplicateGroupFacts = z.object({
  firstId: z.number().int(),
  firstReceivedAt: z.string(),
  lastId: z.number().int(),
  lastReceivedAt: z.string(),
  /** Every copy has the first copy's body bytes. */
  identicalBodies: z.boolean(),
  /** The first copy's X-Service-Delivery (null when it sent none). */
  firstDeliveryId: z.string().nullable(),
  /**
   * A copy carried an X-Service-Delivery other than the first copy's (judged only when the first copy carried
   * one), as the duplicates page's evidence counts a group.
   */
  deliveryIdChanged: z.boolean(),
  /** Some copy carried no X-Service-Delivery. */
  deliveryIdMissing: z.boolean(),
});
export type DuplicateGroupFacts = z.infer<typeof DuplicateGroupFacts>;

/** Spec 8: the service waits 10 s for an answer; one later is a failure (spec 7), whatever its status. */
export const serviceReadTimeoutMs = 10_000;

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
   * Its duplicate group's first copies in arrival order (up to `listedCopiesLimit`), then this delivery when it
   * came after them: those with the same idempotency key, or without a key those with the same body bytes and no
   * key (none for an empty body). `duplicateCount` is how many there are in all.
   */
  siblings: z.array(DuplicateSibling),
  /** Its duplicate group as a whole, however many copies it holds (null for an empty body without a key). */
  group: DuplicateGroupFacts.nullable(),
  /**
   * What the receiver answered (`serviceReadTimeoutMs`), and how long after the request's arrival (null: not known, as for imports and relay
   * pulls): past the service's read timeout (spec 8: 10 s) the service saw a failure, whatever the status.
   */
  response: z.object({ status: z.number().int(), body: z.string(), reason: z.string(), afterMs: z.number().int().nullable() }),
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
