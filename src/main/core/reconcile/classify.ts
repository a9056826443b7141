import type {
  ApiPayoutView,
  HeardState,
  ReconcileClass,
  ReconcileCounts,
  ReconcileReason,
  ReconcileRow,
  RetryWindow,
  Unmatched,
} from '../../../shared/reconcile';
import { emptyCounts } from '../../../shared/reconcile';
import type { SignatureVerdict } from '../../../shared/verdicts';
import { recipientKeyOf } from '../analysis/lifecycle/keys';
import type { ReconcileDelivery, RuntimeSpan } from '../store/reader';
import { eventIdentity, heardOf, isAccepted, joinedDeliveries, lifecycleFacts, type JoinedDelivery, type LifecycleFacts } from './heard';
import { abandonedByRefusal, iso, noAttemptReason, noCallbackReason, refusedReasons, windowReasons, type RecordsContext } from './records-reasons';

/**
 * The join (docs/reconcile.md): every payout the API lists against the lifecycles of the stored deliveries, each
 * given one class, the events that should have come, where it stands in the service's retry window (spec 8), and the
 * reasons the inspector's records support. Pure: the pages, the deliveries, the runtime spans and the clock come in.
 */

/** Spec 8: up to 8 attempts with exponential backoff over roughly 90 minutes. */
export const specRetryWindowMs = 90 * 60 * 1000;

export interface ReconcileInput {
  payouts: readonly ApiPayoutView[];
  deliveries: readonly ReconcileDelivery[];
  spans: readonly RuntimeSpan[];
  now: number;
  retryWindowMs: number;
  /** The service's read timeout (spec 8: 10 s): an answer later than it was a failure. */
  readTimeoutMs: number;
  heartbeatMs: number;
  /** Payouts the API changed since (updated_at, else created_at), lifecycles first stored since; null: all. */
  since: number | null;
  /** When the first page of /api/payouts was asked for: a lifecycle first heard after it may be a payout created since. */
  readStartedAt?: number;
}

export interface ReconcileResult {
  rows: ReconcileRow[];
  unmatched: Unmatched[];
  counts: ReconcileCounts;
  beyondRetryWindow: number;
}

// Statuses. Spec 3 lists the crypto send's; the gift-card ones are not shown (3.3): the simulator's, as the
// lifecycles take them (analysis/lifecycle/terminal.ts). Any other value is a new one (spec 9.1), taken as not final.
const notStarted = new Set(['pending']);
const finalStatuses = new Set(['completed', 'failed', 'expired', 'canceled', 'redeemed']);
const progressRank: Record<'crypto' | 'gift_cards', Record<string, number>> = {
  crypto: { in_progress: 1, processing: 2 },
  // The API's `processing` covers a recipient's `sent` and `viewed`.
  gift_cards: { sent: 1, processing: 1, viewed: 2 },
};
const knownStatuses = new Set([...notStarted, ...finalStatuses, 'in_progress', 'processing', 'sent', 'viewed']);

type PayoutType = 'crypto' | 'gift_cards' | null;

function payoutTypeOf(payout: ApiPayoutView, lifecycles: readonly LifecycleFacts[]): PayoutType {
  if (payout.payoutType === 'crypto' || payout.payoutType === 'gift_cards') return payout.payoutType;
  const kind = lifecycles[0]?.kind;
  if (kind === undefined) return null;
  return kind.startsWith('crypto') ? 'crypto' : 'gift_cards';
}

/** The events that should have come to take the heard state to the API's (spec 3 and 6). */
export function expectedEvents(type: PayoutType, heard: HeardState | null, apiStatus: string): string[] {
  const heardStatus = heard?.accepted ? heard.status : null;
  if (type === 'crypto') {
    const rank = heardStatus === null ? 0 : (progressRank.crypto[heardStatus] ?? 1);
    const events = rank === 0 ? ['payout.quote_created'] : [];
    if (apiStatus === 'processing' && rank < 2) events.push('payout.status_changed (processing)');
    if (apiStatus === 'canceled') events.push('payout.quote_canceled or payout.terminal_state (canceled)');
    else if (finalStatuses.has(apiStatus)) events.push(`payout.terminal_state (${apiStatus})`);
    else if (!knownStatuses.has(apiStatus)) events.push(`an event with status ${apiStatus}`);
    return events;
  }
  if (type === 'gift_cards') {
    const rank = heardStatus === null ? 0 : (progressRank.gift_cards[heardStatus] ?? 1);
    const events = rank === 0 ? ['payout.processing (recipient, sent)'] : [];
    if (apiStatus === 'viewed' && rank < 2) events.push('payout.processing (recipient, viewed)');
    if (apiStatus === 'redeemed') events.push('payout.processing (recipient, redeemed)');
    else if (apiStatus === 'failed') events.push('payout.failed (recipient)');
    else if (finalStatuses.has(apiStatus) || !knownStatuses.has(apiStatus)) events.push(`an event with status ${apiStatus}`);
    return events;
  }
  return [`an event with status ${apiStatus}`];
}

interface Judgement {
  class: ReconcileClass;
  missing: string[];
  notes: string[];
}

function judge(type: PayoutType, heard: HeardState, apiStatus: string | null): Judgement {
  const notes: string[] = [];
  if (apiStatus !== null && !knownStatuses.has(apiStatus)) {
    notes.push(`the API's status "${apiStatus}" is not one the spec lists (spec 9.1: new values may appear): it is taken as not final`);
  }
  if (apiStatus === null) {
    notes.push('the API lists it without a status: only whether any webhook came can be said');
    return { class: heard.accepted > 0 ? 'agrees' : 'never_heard', missing: [], notes };
  }
  if (heard.accepted === 0) {
    if (notStarted.has(apiStatus)) return { class: 'agrees', missing: [], notes: [...notes, 'the API says it has not started: no webhook is due yet'] };
    return { class: 'never_heard', missing: expectedEvents(type, null, apiStatus), notes };
  }
  const heardStatus = heard.status;
  if (heard.terminal) {
    if (heardStatus === apiStatus) return { class: 'agrees', missing: [], notes };
    return { class: 'contradicts', missing: [], notes };
  }
  if (finalStatuses.has(apiStatus)) return { class: 'behind', missing: expectedEvents(type, heard, apiStatus), notes };
  if (notStarted.has(apiStatus)) {
    return { class: 'agrees', missing: [], notes: [...notes, `the webhooks are ahead of the API: they say ${heardStatus ?? 'something'}, the API still ${apiStatus}`] };
  }
  const ranks = type === null ? null : progressRank[type];
  const apiRank = ranks?.[apiStatus];
  const heardRank = heardStatus === null ? 0 : ranks?.[heardStatus];
  if (apiRank !== undefined && heardRank !== undefined && apiRank > heardRank) {
    return { class: 'behind', missing: expectedEvents(type, heard, apiStatus), notes };
  }
  return { class: 'agrees', missing: [], notes };
}

/** The time the API's record last changed, as a number. */
function changedAt(payout: ApiPayoutView): number | null {
  const text = payout.updatedAt ?? payout.createdAt;
  return text === null ? null : Date.parse(text);
}

function retryOf(klass: ReconcileClass, payout: ApiPayoutView, reasons: readonly ReconcileReason[], input: ReconcileInput): RetryWindow | null {
  if (klass !== 'behind' && klass !== 'never_heard') return null;
  if (reasons.some((r) => r.kind === 'no_callback_url')) {
    return { state: 'not_sent', until: null, text: 'nothing was sent to retry: the order has no callback_url' };
  }
  if (abandonedByRefusal(reasons)) {
    return { state: 'beyond', until: null, text: "abandoned at the 4xx (spec 7): permanently failed: re-send from the service's dashboard" };
  }
  const at = changedAt(payout);
  if (at === null) return { state: 'unknown', until: null, text: 'the API gives no time for it, so where the service stands in its retries (spec 8) is not known' };
  const until = at + input.retryWindowMs;
  if (input.now < until) return { state: 'within', until: iso(until), text: `still in the retry window: the service retries until about ${iso(until)} (spec 8)` };
  return { state: 'beyond', until: iso(until), text: "beyond the retry window: permanently failed: re-send from the service's dashboard (spec 8)" };
}

function countSignatures(copies: readonly JoinedDelivery[]): Partial<Record<SignatureVerdict, number>> {
  const counts: Partial<Record<SignatureVerdict, number>> = {};
  for (const d of copies) counts[d.signature] = (counts[d.signature] ?? 0) + 1;
  return counts;
}

function describeSignatures(counts: Partial<Record<SignatureVerdict, number>>): string {
  return Object.entries(counts)
    .map(([verdict, n]) => `${n} ${verdict}`)
    .join(', ');
}

/** Of several lifecycles of one kind (a recipient's crypto sends), the one that decides: the latest heard. */
function decidingLifecycle(lifecycles: readonly LifecycleFacts[]): LifecycleFacts | null {
  const byLatest = [...lifecycles].sort(
    (a, b) => (a.heard.lastEventTime ?? '').localeCompare(b.heard.lastEventTime ?? '') || a.firstReceivedAt - b.firstReceivedAt,
  );
  const heard = byLatest.filter((l) => l.heard.accepted > 0);
  return heard.at(-1) ?? byLatest.at(-1) ?? null;
}

/** The heard state of a payout from its matched lifecycles: the recipient's stream or its latest send decides. */
function payoutHeard(lifecycles: readonly LifecycleFacts[]): { heard: HeardState; notes: string[] } {
  const recipientStream = lifecycles.filter((l) => l.kind === 'gift_card_recipient');
  const sends = lifecycles.filter((l) => l.kind === 'crypto_send' || l.kind === 'crypto_form_b');
  const notes: string[] = [];
  let deciding: LifecycleFacts | null = null;
  if (recipientStream.length > 0) {
    deciding = decidingLifecycle(recipientStream);
    // A card payout that failed or was canceled ends the recipient's payout (the simulator's gift_card_failed); one
    // that completed is a step on the way to the recipient's `redeemed`, which its own stream says.
    const cardEnded = lifecycles.find((l) => l.kind === 'gift_card_payout' && l.heard.terminal && l.heard.status !== 'completed');
    if (!deciding?.heard.terminal && cardEnded) deciding = cardEnded;
  } else if (sends.length > 0) {
    deciding = decidingLifecycle(sends);
    if (sends.length > 1) notes.push(`${sends.length} sends (a quote canceled and reopened gets a new external_send_id): the latest heard, ${deciding!.key}, decides`);
  } else deciding = decidingLifecycle(lifecycles);
  const all = lifecycles.flatMap((l) => l.copies);
  const heard: HeardState = deciding
    ? { ...deciding.heard, accepted: all.filter(isAccepted).length, refused: all.filter((d) => !isAccepted(d)).length }
    : { status: null, terminal: false, lastEvent: null, lastEventTime: null, accepted: 0, refused: 0 };
  return { heard, notes };
}

function summaryOf(klass: ReconcileClass, payout: ApiPayoutView | null, heard: HeardState, missing: readonly string[]): string {
  const api = payout?.status ?? 'no status';
  const last = heard.accepted > 0 ? `${heard.lastEvent ?? 'an event'} (${heard.status ?? 'no status'})` : 'nothing';
  switch (klass) {
    case 'agrees':
      return heard.accepted > 0 ? `the webhooks say ${heard.status ?? 'nothing'}, as the API does (${api})` : `the API says ${api}: no webhook is due yet`;
    case 'behind':
      return `the API says ${api}; the last webhook heard was ${last}: missing ${missing.join(', ')}`;
    case 'contradicts':
      return `a terminal webhook says ${heard.status ?? '?'}, the API says ${api}`;
    case 'never_heard':
      return `the API says ${api}; no webhook was heard${missing.length > 0 ? `: missing ${missing.join(', ')}` : ''}`;
    case 'unknown_to_api':
      return `webhooks (${heard.status ?? 'no status'}) for a payout the API does not list`;
  }
}

/** A lifecycle's deliveries stored by `readAt` (null when none was), its heard state as of then. */
function asOf(lifecycle: LifecycleFacts, readAt: number): LifecycleFacts | null {
  if (!Number.isFinite(readAt)) return lifecycle;
  const copies = lifecycle.copies.filter((d) => d.receivedAt <= readAt);
  if (copies.length === lifecycle.copies.length) return lifecycle;
  if (copies.length === 0) return null;
  return { ...lifecycle, copies, heard: heardOf(lifecycle.kind, copies) };
}

/** The join. */
export function reconcilePayouts(input: ReconcileInput): ReconcileResult {
  const facts = lifecycleFacts(joinedDeliveries(input.deliveries, input.readTimeoutMs));
  const ctx: RecordsContext = { spans: input.spans, now: input.now, heartbeatMs: input.heartbeatMs };
  const byRecipientKey = new Map<string, LifecycleFacts[]>();
  for (const l of facts.values()) {
    if (l.recipientKey === null) continue;
    const list = byRecipientKey.get(l.recipientKey);
    if (list) list.push(l);
    else byRecipientKey.set(l.recipientKey, [l]);
  }
  const claimed = new Map<string, string>();
  const unmatched: Unmatched[] = [];
  const rows: ReconcileRow[] = [];
  const formBSends = [...facts.values()].filter((l) => l.kind === 'crypto_form_b');

  const seenPayouts = new Set<string>();
  for (const payout of input.payouts) {
    const id = payout.uuid !== null ? `payout:${payout.uuid}` : `payout:${payout.orderUuid ?? '?'}|${payout.recipientUuid ?? payout.recipientEmail ?? payout.sendId ?? '?'}`;
    if (seenPayouts.has(id)) {
      unmatched.push({ what: 'api_payout', id, why: `listed twice (page ${payout.page}): the list changed while it was read; the first listing is kept` });
      continue;
    }
    seenPayouts.add(id);
    // By the identifiers both sides carry: the send id, a gift card's recipient and payout UUIDs, the order with the email.
    const matched = new Map<string, LifecycleFacts>();
    const add = (key: string) => {
      const l = facts.get(key);
      if (l) matched.set(key, l);
    };
    if (payout.sendId !== null) {
      add(`send:${payout.sendId}`);
      add(`form_b:${payout.sendId}`);
    }
    if (payout.orderUuid !== null && payout.recipientUuid !== null) add(`gift:${payout.orderUuid}|${payout.recipientUuid}|recipient`);
    if (payout.uuid !== null) add(`gift:payout:${payout.uuid}`);
    const recipientKey = recipientKeyOf(payout.orderUuid, payout.recipientEmail);
    if (recipientKey !== null) for (const l of byRecipientKey.get(recipientKey) ?? []) matched.set(l.key, l);
    for (const l of matched.values()) if (!claimed.has(l.key)) claimed.set(l.key, id);
    // Weighed as of the page's read: a delivery stored after it may tell of a change the page could not show yet.
    const readAt = Date.parse(payout.readAt);
    const lifecycles = [...matched.values()]
      .map((l) => asOf(l, readAt))
      .filter((l): l is LifecycleFacts => l !== null);
    const later = matched.size > 0 ? [...matched.values()].reduce((n, l) => n + l.copies.length, 0) - lifecycles.reduce((n, l) => n + l.copies.length, 0) : 0;

    const at = changedAt(payout);
    if (input.since !== null && at !== null && at < input.since) continue;

    const type = payoutTypeOf(payout, lifecycles);
    const { heard, notes } = payoutHeard(lifecycles);
    if (input.since !== null && at === null) notes.push('the API gives no time for it, so --since could not leave it out');
    if (later > 0) notes.push(`${later} of its deliveries were stored after its page of the API was read (${payout.readAt}): they are not weighed against it`);
    if (recipientKey === null && payout.sendId === null && payout.recipientUuid === null) {
      notes.push('the API item names no order with a recipient email or UUID, and no send id: webhooks can be matched by its payout UUID only');
    }
    const judgement = judge(type, heard, payout.status);
    notes.unshift(...judgement.notes);
    const copies = lifecycles.flatMap((l) => l.copies).sort((a, b) => a.id - b.id);

    const reasons: ReconcileReason[] = [];
    if (judgement.class === 'behind' || judgement.class === 'never_heard') {
      const acceptedEvents = new Set(copies.filter(isAccepted).map(eventIdentity));
      const refused = copies.filter((d) => !isAccepted(d) && !acceptedEvents.has(eventIdentity(d)));
      reasons.push(...refusedReasons(refused, input.readTimeoutMs));
      if (payout.callbackUrl === null) reasons.push(noCallbackReason());
      else {
        // The service would have sent the missing events from after the last one heard until the API's change, and
        // retried them for the retry window after it.
        const lastHeard = heard.accepted > 0 && heard.lastEventTime !== null ? Date.parse(heard.lastEventTime) : NaN;
        const created = payout.createdAt === null ? NaN : Date.parse(payout.createdAt);
        const start = Number.isFinite(lastHeard) ? lastHeard : Number.isFinite(created) ? created : at;
        const from = start === null ? null : Math.min(start, at ?? start);
        if (from !== null) {
          const to = Math.min(input.now, (at ?? from) + input.retryWindowMs);
          const window = windowReasons(ctx, from, to);
          reasons.push(...window.reasons);
          // A Form B send names no payout: one stored in the stretch may be this one's, so "no attempt" cannot be said.
          const formBThen = type !== 'gift_cards' ? formBSends.filter((l) => l.copies.some((d) => d.receivedAt >= from && d.receivedAt <= to)) : [];
          if (formBThen.length > 0) {
            notes.push(`${formBThen.length} Form B send(s) stored in that stretch name no order and no recipient (spec 2.3), so they could not be matched: one may be this payout's (${formBThen.map((l) => l.key).join(', ')})`);
          } else if (refused.length === 0 && window.receiverRanThroughout) reasons.push(noAttemptReason(judgement.missing, from, to, payout.callbackUrl));
        } else {
          notes.push('the API gives no time for it: which stretch of the receiver records to look at is not known');
        }
      }
    }
    if (judgement.class === 'contradicts' && heard.lastEventTime !== null && payout.updatedAt !== null && Date.parse(payout.updatedAt) > Date.parse(heard.lastEventTime)) {
      notes.push(`the API's record changed at ${payout.updatedAt}, after the last webhook (${heard.lastEventTime})`);
    }
    const retry = retryOf(judgement.class, payout, reasons, input);
    const first = lifecycles.find((l) => l.orderUuid !== null);
    rows.push({
      id,
      class: judgement.class,
      summary: summaryOf(judgement.class, payout, heard, judgement.missing),
      payout,
      heard,
      lifecycleKeys: lifecycles.map((l) => l.key).sort(),
      orderUuid: payout.orderUuid ?? first?.orderUuid ?? null,
      recipientKey: recipientKey ?? first?.recipientKey ?? null,
      deliveryIds: copies.slice(0, 50).map((d) => d.id),
      missingEvents: judgement.missing,
      retry,
      reasons,
      signatures: null,
      notes,
    });
  }

  // Lifecycles no listed payout claims: unknown to the API (grouped by recipient), or, naming no order, unmatched.
  const unclaimed = [...facts.values()].filter((l) => !claimed.has(l.key) && (input.since === null || l.firstReceivedAt >= input.since));
  const groups = new Map<string, LifecycleFacts[]>();
  for (const l of unclaimed) {
    if (input.readStartedAt !== undefined && l.firstReceivedAt > input.readStartedAt) {
      unmatched.push({ what: 'lifecycle', id: l.key, why: "first heard after the API's pages began to be read: its payout may be one created since; the next run matches it" });
      continue;
    }
    if (l.kind === 'crypto_form_b') {
      unmatched.push({ what: 'lifecycle', id: l.key, why: 'a Form B send names no order and no recipient (spec 2.3), and no listed payout carries its send id' });
      continue;
    }
    if (l.orderUuid === null) {
      unmatched.push({ what: 'lifecycle', id: l.key, why: 'none of its events is one the spec names for it, so it names no order or recipient to match' });
      continue;
    }
    const groupKey = l.kind === 'gift_card_payout' ? l.key : (l.recipientKey ?? l.key);
    const list = groups.get(groupKey);
    if (list) list.push(l);
    else groups.set(groupKey, [l]);
  }
  for (const lifecycles of groups.values()) {
    lifecycles.sort((a, b) => a.key.localeCompare(b.key));
    const copies = lifecycles.flatMap((l) => l.copies).sort((a, b) => a.id - b.id);
    const type: PayoutType = lifecycles[0]!.kind.startsWith('crypto') ? 'crypto' : 'gift_cards';
    const { heard, notes } = payoutHeard(lifecycles);
    const signatures = countSignatures(copies);
    const orderUuid = lifecycles[0]!.orderUuid;
    const bad = (signatures.invalid ?? 0) + (signatures.missing ?? 0) + (signatures.malformed ?? 0);
    notes.push(
      bad === copies.length
        ? `no delivery of it has a valid signature (${describeSignatures(signatures)}): forged, or signed by another account`
        : `signatures: ${describeSignatures(signatures)}: another account, test traffic, or forged`,
    );
    rows.push({
      id: `lifecycle:${lifecycles[0]!.key}`,
      class: 'unknown_to_api',
      summary: `${summaryOf('unknown_to_api', null, heard, [])} (order ${orderUuid ?? '?'}; ${type === 'crypto' ? 'crypto' : 'gift cards'})`,
      payout: null,
      heard,
      lifecycleKeys: lifecycles.map((l) => l.key),
      orderUuid,
      recipientKey: lifecycles[0]!.recipientKey,
      deliveryIds: copies.slice(0, 50).map((d) => d.id),
      missingEvents: [],
      retry: null,
      reasons: [],
      signatures,
      notes,
    });
  }

  const counts = emptyCounts();
  let beyondRetryWindow = 0;
  for (const row of rows) {
    counts[row.class]++;
    if (row.retry?.state === 'beyond') beyondRetryWindow++;
  }
  return { rows, unmatched, counts, beyondRetryWindow };
}
