import { z } from 'zod';
import { DuplicateGroupFacts } from './delivery';
import { Finding, SignatureVerdict } from './verdicts';

/**
 * Lifecycles rebuilt from deliveries (spec 3 and 6): what happened to each send, recipient and
 * order, in event time, whatever order and however often the deliveries arrived.
 */

export const lifecycleKinds = ['crypto_send', 'crypto_form_b', 'gift_card_recipient', 'gift_card_payout'] as const;
export const LifecycleKind = z.enum(lifecycleKinds);
export type LifecycleKind = z.infer<typeof LifecycleKind>;

/** One event of a lifecycle: the deliveries sharing one idempotency key, collapsed. */
export const LifecycleEvent = z.object({
  /**
   * The first delivery of the event, then its duplicates, in arrival order. A lifecycle's view lists the first
   * `listedCopiesLimit` (src/shared/delivery.ts) of them; `copyCount` counts them all.
   */
  deliveryIds: z.array(z.number().int()),
  /** How many deliveries the event has: its first copy and every duplicate, listed or not. */
  copyCount: z.number().int(),
  idempotencyKey: z.string().nullable(),
  event: z.string().nullable(),
  /** occurred_at (Form A) or updated_at (gift cards); null when the body has none (Form B). */
  eventTime: z.string().nullable(),
  status: z.string().nullable(),
  /** 1-based position in event-time order. */
  eventRank: z.number().int(),
  /** 1-based position in arrival order (of first copies): differs from eventRank when reordered. */
  arrivalRank: z.number().int(),
  /** Same event time as a neighbour: ordered by arrival, flagged. */
  tie: z.boolean(),
  /** An event the spec does not name for this kind (a `recipient.*`): shown, but it moves no status (spec 6 rule 6). */
  unrecognized: z.boolean(),
  /** Placed after the lifecycle's first terminal event and not terminal itself: the service would not send it; it changes nothing. */
  afterTerminal: z.boolean(),
  findings: z.array(Finding),
});
export type LifecycleEvent = z.infer<typeof LifecycleEvent>;

/** What identifies a lifecycle and where it stands. */
const LifecycleHead = z.object({
  key: z.string(),
  kind: LifecycleKind,
  /** external_send_id, Form B data.id, or the gift-card stream's subject. */
  subject: z.string(),
  orderUuid: z.string().nullable(),
  recipientKey: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  /**
   * Once a terminal event exists, the status of the latest terminal event in event time (a terminal status
   * is final); before that, of the latest recognized event in event time.
   */
  currentStatus: z.string().nullable(),
  terminal: z.boolean(),
  reordered: z.boolean(),
});

export const Lifecycle = LifecycleHead.extend({
  events: z.array(LifecycleEvent),
  /** Findings about the lifecycle as a whole (and each event's, repeated here with their path). */
  findings: z.array(Finding),
});
export type Lifecycle = z.infer<typeof Lifecycle>;

/** A row of the lifecycles list. */
export const LifecycleSummary = LifecycleHead.extend({
  eventCount: z.number().int(),
  deliveryCount: z.number().int(),
  firstEventTime: z.string().nullable(),
  lastEventTime: z.string().nullable(),
  findingCounts: z.object({ error: z.number().int(), warning: z.number().int(), info: z.number().int() }),
  findingCodes: z.array(z.string()),
});
export type LifecycleSummary = z.infer<typeof LifecycleSummary>;

/** What a duplicate group's copies share: an idempotency key, or (none derivable from the body) the exact body bytes. */
export const DuplicateBasis = z.enum(['idempotency_key', 'identical_bytes']);
export type DuplicateBasis = z.infer<typeof DuplicateBasis>;

/**
 * A duplicate group as a row of the Duplicates view: its count, times, bodies and X-Service-Delivery use over every
 * copy (the store's facts for the group); what only a copy by copy reading tells (`deliveryIds`, `signatures`,
 * `responseStatuses`) over its first `listedCopies` copies (at most `listedCopiesLimit`), so that a retry storm's
 * group stays one small answer. When `listedCopies` equals `count`, they cover every copy.
 */
export const DuplicateGroup = z.object({
  /** Null for a group of identical bytes: its copies have no idempotency key. */
  idempotencyKey: z.string().nullable(),
  /** Copies in the whole group. */
  count: z.number().int(),
  firstId: z.number().int(),
  firstReceivedAt: z.string(),
  lastReceivedAt: z.string(),
  /**
   * From the earliest to the latest receive time when every copy is listed; past them, from the first copy's to
   * the last copy's (an imported copy may hold an earlier time).
   */
  spreadMs: z.number().int(),
  /** Every copy has the same body bytes. */
  identicalBodies: z.boolean(),
  /** How many of the first copies `deliveryIds`, `signatures` and `responseStatuses` cover. */
  listedCopies: z.number().int(),
  /** The X-Service-Delivery values of the listed copies, in arrival order of their first use (null: none sent). */
  deliveryIds: z.array(z.string().nullable()),
  /** The listed copies' signature verdicts, in arrival order. */
  signatures: z.array(SignatureVerdict),
  /** The statuses answered to the listed copies, in arrival order. */
  responseStatuses: z.array(z.number().int()),
  /** The whole group's facts, as a delivery's detail gives them (its X-Service-Delivery use over every copy). */
  facts: DuplicateGroupFacts,
  event: z.string().nullable(),
  lifecycleKey: z.string().nullable(),
});
export type DuplicateGroup = z.infer<typeof DuplicateGroup>;

/**
 * A group as the Duplicates view lists it. For identical bytes, bodySha256 is what its copies share. lastId is the
 * last copy its duplicate_groups row was derived from: the cursor of the list's pages.
 */
export const ListedDuplicateGroup = DuplicateGroup.extend({
  basis: DuplicateBasis,
  bodySha256: z.string(),
  lastId: z.number().int(),
});
export type ListedDuplicateGroup = z.infer<typeof ListedDuplicateGroup>;

/** Spec 4.1 gives two descriptions of X-Service-Delivery; the captured duplicates say which holds. */
export const DeliveryIdEvidence = z.object({
  groups: z.number().int(),
  /** Groups whose copies all carried one X-Service-Delivery. */
  sameId: z.number().int(),
  /** Groups whose copies carried different ones. */
  changedId: z.number().int(),
  /** Groups where some copy had none. */
  missingId: z.number().int(),
  verdict: z.enum(['fixed_across_retries', 'regenerated_per_attempt', 'mixed', 'no_evidence']),
});
export type DeliveryIdEvidence = z.infer<typeof DeliveryIdEvidence>;

/** A recipient within an order: its sends and gift-card streams, in time order. */
export const RecipientView = z.object({
  recipientKey: z.string(),
  orderUuid: z.string().nullable(),
  email: z.string().nullable(),
  lifecycles: z.array(LifecycleSummary),
  /** The latest derived state among its lifecycles, in event time. */
  latestStatus: z.string().nullable(),
});
export type RecipientView = z.infer<typeof RecipientView>;

/** A payout order's derived summary: the service reports no order status (spec 1), so this is ours. */
export const OrderSummary = z.object({
  orderUuid: z.string(),
  recipients: z.number().int(),
  lifecycles: z.number().int(),
  countsByStatus: z.record(z.string(), z.number().int()),
  /** How many recipients the order was created with, when this inspector created it; null otherwise. */
  createdRecipients: z.number().int().nullable(),
  /** Recipients of that count no event names (a Form B send names no order): never all terminal while any. */
  unnamedRecipients: z.number().int(),
  /**
   * Of those, how many no delivery could account for: more than the Form B sends the store holds (any of which may
   * be theirs; a gift-card order has none). Only these are "not heard from".
   */
  unheardRecipients: z.number().int(),
  /** Every recipient heard from, each at a terminal status. */
  allTerminal: z.boolean(),
  firstEventTime: z.string().nullable(),
  lastEventTime: z.string().nullable(),
  findingCounts: z.object({ error: z.number().int(), warning: z.number().int(), info: z.number().int() }),
});
export type OrderSummary = z.infer<typeof OrderSummary>;
