import { z } from 'zod';
import { SignatureVerdict } from './verdicts';

/**
 * Reconcile: every payout the service's API lists, joined against the lifecycles built from the stored deliveries,
 * each given one class and the reasons the inspector's own records support (docs/reconcile.md). The `reconcile
 * --json` format (docs/formats/reconcile-json.md) is a run as these schemas say.
 */

export const reconcileClasses = ['agrees', 'behind', 'contradicts', 'never_heard', 'unknown_to_api'] as const;
export const ReconcileClass = z.enum(reconcileClasses);
export type ReconcileClass = z.infer<typeof ReconcileClass>;

/** The classes a CI run fails on: something missing or contradicting. */
export const failingClasses: readonly ReconcileClass[] = ['behind', 'contradicts', 'never_heard'];

export const reconcileClassLabels: Record<ReconcileClass, string> = {
  agrees: 'Agrees',
  behind: 'Behind',
  contradicts: 'Contradicts',
  never_heard: 'Never heard',
  unknown_to_api: 'Unknown to the API',
};

/**
 * Why a webhook did not come, each from a record of the inspector's own (never a guess): what the receiver answered
 * (and the policy or rule that answered it), an answer later than the service waits (spec 8), when no receiver ran, when the relay source could not reach its relay,
 * a signature a verifying handler rejects, or no attempt at all while the receiver ran. `no_callback_url` is the
 * API's own record (spec 1: such an order fires no webhooks); `records_begin_later` says what is not known.
 */
export const reasonKinds = [
  'answered_4xx',
  'answered_5xx',
  'answered_3xx',
  'answered_late',
  'signature_rejected',
  'receiver_down',
  'relay_source_down',
  'no_attempt',
  'no_callback_url',
  'records_begin_later',
] as const;
export const ReasonKind = z.enum(reasonKinds);
export type ReasonKind = z.infer<typeof ReasonKind>;

export const ReconcileReason = z.object({
  kind: ReasonKind,
  /** One sentence, as the view and the command print it. */
  text: z.string(),
  /** The stored deliveries it rests on (the first 20). */
  deliveryIds: z.array(z.number().int()),
  /** The status the receiver answered, when the reason is an answer. */
  status: z.number().int().nullable(),
  /** The response policy's rule that answered (the delivery's stored response reason), when it is an answer. */
  rule: z.string().nullable(),
  /** The stretch of time it covers (a gap in the records of the receiver or the relay source). */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type ReconcileReason = z.infer<typeof ReconcileReason>;

/** Spec 8: up to 8 attempts over about 90 minutes, then permanently failed (re-sent from the service's dashboard). */
export const RetryWindow = z.object({
  /** `not_sent`: nothing was ever sent to retry (an order without a callback URL). */
  state: z.enum(['within', 'beyond', 'not_sent', 'unknown']),
  /** About when the service's last attempt is due: the API's time of the change plus the retry window. */
  until: z.string().nullable(),
  text: z.string(),
});
export type RetryWindow = z.infer<typeof RetryWindow>;

/** The API's record of a payout, as far as its fields could be read (spec 2.7 shows none: each may be missing). */
export const ApiPayoutView = z.object({
  uuid: z.string().nullable(),
  orderUuid: z.string().nullable(),
  recipientUuid: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  sendId: z.string().nullable(),
  payoutType: z.string().nullable(),
  status: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** The order's callback URL as /api/payout-orders lists it: null when it has none, undefined when not known. */
  callbackUrl: z.string().nullable().optional(),
  /** Which page of /api/payouts listed it, and where on it, and when that page was read: deliveries stored later are not weighed against it. */
  page: z.number().int(),
  readAt: z.string(),
  index: z.number().int(),
});
export type ApiPayoutView = z.infer<typeof ApiPayoutView>;

/** What the webhooks heard about it: the accepted deliveries (answered 2xx, signature not invalid) of its lifecycles. */
export const HeardState = z.object({
  status: z.string().nullable(),
  terminal: z.boolean(),
  lastEvent: z.string().nullable(),
  lastEventTime: z.string().nullable(),
  /** Accepted deliveries, all copies. */
  accepted: z.number().int(),
  /** Deliveries stored but not accepted: refused (non-2xx) or with an invalid signature. */
  refused: z.number().int(),
});
export type HeardState = z.infer<typeof HeardState>;

export const ReconcileRow = z.object({
  /** The payout's UUID (`payout:<uuid>`), or, unknown to the API, the lifecycles' (`lifecycle:<key>`). */
  id: z.string(),
  class: ReconcileClass,
  /** One sentence. */
  summary: z.string(),
  payout: ApiPayoutView.nullable(),
  heard: HeardState,
  lifecycleKeys: z.array(z.string()),
  /** The order and recipient the webhooks name, for links (the Orders view, the recipient view). */
  orderUuid: z.string().nullable(),
  recipientKey: z.string().nullable(),
  /** Its stored deliveries (the first 50, in arrival order). */
  deliveryIds: z.array(z.number().int()),
  /** Behind and never heard: the events that should have come (spec 3, 6). */
  missingEvents: z.array(z.string()),
  /** Behind and never heard. */
  retry: RetryWindow.nullable(),
  reasons: z.array(ReconcileReason),
  /** Unknown to the API: its deliveries' signature verdicts, counted. */
  signatures: z.partialRecord(SignatureVerdict, z.number().int()).nullable(),
  /** What else a reader should know (a status the spec does not list, several sends, …). */
  notes: z.array(z.string()),
});
export type ReconcileRow = z.infer<typeof ReconcileRow>;

/** What could not be matched, and why. */
export const Unmatched = z.object({
  what: z.enum(['api_payout', 'lifecycle', 'api_page']),
  id: z.string().nullable(),
  why: z.string(),
});
export type Unmatched = z.infer<typeof Unmatched>;

export const ReconcileCounts = z.object({
  agrees: z.number().int(),
  behind: z.number().int(),
  contradicts: z.number().int(),
  never_heard: z.number().int(),
  unknown_to_api: z.number().int(),
});
export type ReconcileCounts = z.infer<typeof ReconcileCounts>;

/** A row whose class changed since the previous run: from null is new, to null is gone. */
export const ReconcileChange = z.object({ id: z.string(), from: ReconcileClass.nullable(), to: ReconcileClass.nullable() });
export type ReconcileChange = z.infer<typeof ReconcileChange>;

export const ReconcileChanges = z.object({
  previousRunId: z.string(),
  previousStartedAt: z.string(),
  /** Every row whose class differs, the first 500. */
  changed: z.array(ReconcileChange),
  changedCount: z.number().int(),
  /** Per class: this run's count minus the previous one's. */
  countDeltas: ReconcileCounts,
});
export type ReconcileChanges = z.infer<typeof ReconcileChanges>;

export const ListProgress = z.object({ pagesDone: z.number().int(), totalPages: z.number().int().nullable(), items: z.number().int() });

export const reconcileTriggers = ['manual', 'schedule', 'command', 'mcp'] as const;

export const ReconcileRunSummary = z.object({
  id: z.string(),
  state: z.enum(['running', 'done', 'failed', 'canceled']),
  trigger: z.enum(reconcileTriggers),
  /** Who started it on a team server. */
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Only payouts the API changed since (updated_at, else created_at) and lifecycles first heard since. */
  since: z.string().nullable(),
  /** The API read: its base URL. */
  service: z.string().nullable(),
  /** The client-side limit the pages were read within. */
  requestsPerSecond: z.number(),
  /** The retry window used (spec 8's 90 minutes, over the simulator's time scale when it is the simulator). */
  retryWindowMs: z.number().int(),
  /** The service's read timeout used (spec 8's 10 s): an answer later than it was a failure. */
  readTimeoutMs: z.number().int(),
  progress: z.object({ payouts: ListProgress, payoutOrders: ListProgress }),
  counts: ReconcileCounts,
  /** Behind or never heard, and beyond the retry window: what the top bar warns of. */
  beyondRetryWindow: z.number().int(),
  unmatchedCount: z.number().int(),
  changes: ReconcileChanges.nullable(),
  error: z.string().nullable(),
});
export type ReconcileRunSummary = z.infer<typeof ReconcileRunSummary>;

export const ReconcileRun = ReconcileRunSummary.extend({
  rows: z.array(ReconcileRow),
  unmatched: z.array(Unmatched),
});
export type ReconcileRun = z.infer<typeof ReconcileRun>;

export const ReconcileSchedule = z.object({
  enabled: z.boolean(),
  everyMinutes: z.number().int().min(1).max(24 * 60),
});
export type ReconcileSchedule = z.infer<typeof ReconcileSchedule>;
export const defaultReconcileSchedule: ReconcileSchedule = { enabled: false, everyMinutes: 15 };

export function emptyCounts(): ReconcileCounts {
  return { agrees: 0, behind: 0, contradicts: 0, never_heard: 0, unknown_to_api: 0 };
}

/** Whether a run found something missing or contradicting (the command's non-zero exit). */
export function runFails(counts: ReconcileCounts): boolean {
  return failingClasses.some((c) => counts[c] > 0);
}
