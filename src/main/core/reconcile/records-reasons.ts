import type { ReconcileReason } from '../../../shared/reconcile';
import type { RuntimeSpan } from '../store/reader';
import type { JoinedDelivery } from './heard';

/**
 * The reasons the inspector's own records support for a webhook that did not come: what the receiver answered to the
 * copies it stored, the stretches no receiver ran (or the relay source could not reach its relay), or, when the
 * receiver ran throughout and stored nothing of it, that no attempt reached it. Nothing beyond them: before the
 * records begin, it says that they do not cover it.
 */

export interface RecordsContext {
  spans: readonly RuntimeSpan[];
  now: number;
  /** How often a running inspector marks its spans seen: an open span not seen for 3 of these ended when last seen. */
  heartbeatMs: number;
}

const maxIds = 20;

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function reason(kind: ReconcileReason['kind'], text: string, extra: Partial<ReconcileReason> = {}): ReconcileReason {
  return { kind, text, deliveryIds: [], status: null, rule: null, from: null, to: null, ...extra };
}

/** When an open span ended: now while its process still marks it seen, else when it was last seen (the process died). */
export function spanEnd(span: RuntimeSpan, ctx: RecordsContext): number {
  if (span.stoppedAt !== null) return span.stoppedAt;
  return ctx.now - span.seenAt <= 3 * ctx.heartbeatMs ? ctx.now : span.seenAt;
}

/** The stretches of [from, to] that none of the spans covers. */
function uncovered(intervals: Array<[number, number]>, from: number, to: number): Array<[number, number]> {
  const gaps: Array<[number, number]> = [];
  let cursor = from;
  for (const [start, end] of [...intervals].sort((a, b) => a[0] - b[0])) {
    if (end <= cursor) continue;
    if (start >= to) break;
    if (start > cursor) gaps.push([cursor, Math.min(start, to)]);
    cursor = Math.max(cursor, end);
    if (cursor >= to) break;
  }
  if (cursor < to) gaps.push([cursor, to]);
  return gaps;
}

function describeSpan(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} s`;
  const m = Math.round(s / 60);
  return m < 120 ? `${m} min` : `${Math.round(m / 6) / 10} h`;
}

export interface WindowFacts {
  reasons: ReconcileReason[];
  /** The receiver ran through the whole window, as far as the records say. */
  receiverRanThroughout: boolean;
}

/** What the runtime records say of [from, to]: the receiver's gaps, the relay source's outages, and what they do not cover. */
export function windowReasons(ctx: RecordsContext, from: number, to: number): WindowFacts {
  const reasons: ReconcileReason[] = [];
  if (!(to > from)) return { reasons, receiverRanThroughout: true };
  const recordsBegin = ctx.spans.length === 0 ? null : Math.min(...ctx.spans.map((s) => s.startedAt));
  if (recordsBegin === null || recordsBegin > from) {
    const begin = recordsBegin === null ? null : iso(recordsBegin);
    reasons.push(
      reason(
        'records_begin_later',
        begin === null
          ? 'the store holds no record of when the receiver ran at that time, so whether it was running is not known'
          : `the inspector's records of when its receivers ran begin at ${begin}: before that, whether it was running is not known`,
        { from: iso(from), to: begin ?? iso(to) },
      ),
    );
  }
  const receiver = ctx.spans.filter((s) => s.component === 'receiver').map((s): [number, number] => [s.startedAt, spanEnd(s, ctx)]);
  // Each stretch without a receiver that overlaps the window, whole: from when it stopped to when it ran again (or now).
  const gaps = recordsBegin === null ? [] : uncovered(receiver, recordsBegin, Math.max(ctx.now, to)).filter(([start, end]) => start < to && end > from);
  for (const [start, end] of gaps) {
    reasons.push(
      reason('receiver_down', `the receiver was not running from ${iso(start)} to ${iso(end)} (${describeSpan(end - start)}): an attempt then found no one to answer it`, {
        from: iso(start),
        to: iso(end),
      }),
    );
  }
  for (const span of ctx.spans) {
    if (span.component !== 'relay_source' || span.detail.state !== 'unreachable') continue;
    const start = Math.max(span.startedAt, from);
    const end = Math.min(spanEnd(span, ctx), to);
    if (end <= start) continue;
    const relay = typeof span.detail.relay === 'string' ? ` ${span.detail.relay}` : '';
    const error = typeof span.detail.error === 'string' ? ` (${span.detail.error})` : '';
    reasons.push(
      reason(
        'relay_source_down',
        `the relay source could not reach the relay${relay} from ${iso(start)} to ${iso(end)}${error}: what the relay took in then arrives once it is reached again`,
        { from: iso(start), to: iso(end) },
      ),
    );
  }
  return { reasons, receiverRanThroughout: recordsBegin !== null && recordsBegin <= from && gaps.length === 0 };
}

function eventName(d: JoinedDelivery): string {
  const status = d.status === null ? '' : ` (${d.status})`;
  return `${d.event ?? 'an event'}${status}`;
}

function idList(ids: readonly number[]): string {
  const shown = ids.slice(0, 5).map((id) => `#${id}`).join(', ');
  return ids.length > 5 ? `${shown} and ${ids.length - 5} more` : shown;
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** How long the answers took: one time, or the shortest and the longest. */
function answerTimes(copies: readonly JoinedDelivery[]): string {
  const times = copies.map((d) => d.answeredAfterMs ?? 0);
  const [min, max] = [Math.min(...times), Math.max(...times)];
  return Math.round(min / 100) === Math.round(max / 100) ? seconds(max) : `${seconds(min)} to ${seconds(max)}`;
}

/**
 * Reasons from the copies the receiver stored but did not accept, one per answer (status and rule). An answer later
 * than the read timeout is a failure whatever its status, so it is told apart first: the service retried it.
 */
export function refusedReasons(refused: readonly JoinedDelivery[], readTimeoutMs: number): ReconcileReason[] {
  const groups = new Map<string, JoinedDelivery[]>();
  for (const d of refused) {
    const ok = d.responseStatus >= 200 && d.responseStatus < 300;
    const answer = `${d.responseStatus}\u0000${d.responseReason}`;
    const key = d.late ? `late\u0000${answer}` : ok ? 'signature' : answer;
    const list = groups.get(key);
    if (list) list.push(d);
    else groups.set(key, [d]);
  }
  const reasons: ReconcileReason[] = [];
  for (const copies of groups.values()) {
    const first = copies[0]!;
    const ids = copies.map((d) => d.id);
    const events = [...new Set(copies.map(eventName))].join(', ');
    const status = first.responseStatus;
    const rule = first.responseReason;
    const base = { deliveryIds: ids.slice(0, maxIds), status, rule };
    if (first.late) {
      reasons.push(
        reason(
          'answered_late',
          `the receiver answered ${status} to ${events} (${idList(ids)}) by the rule "${rule}" only after ${answerTimes(copies)}: later than the service waits (${seconds(readTimeoutMs)}, spec 8), so it counted a failure and retried (spec 7)`,
          base,
        ),
      );
    } else if (status >= 200 && status < 300) {
      const verdicts = [...new Set(copies.map((d) => d.signature))].join(', ');
      reasons.push(
        reason('signature_rejected', `${events} came with a signature that is not valid (${verdicts}; ${idList(ids)}): a handler that verifies rejects it (spec 5.4), though the receiver answered ${status}`, base),
      );
    } else if (rule.startsWith('policy: reject signatures')) {
      reasons.push(
        reason('signature_rejected', `the receiver rejected the signature of ${events} (${idList(ids)}): answered ${status} by the rule "${rule}", a 4xx the service abandons at once (spec 7)`, base),
      );
    } else if (status >= 400 && status < 500) {
      reasons.push(
        reason('answered_4xx', `the receiver answered ${status} to ${events} (${idList(ids)}) by the rule "${rule}": a 4xx is abandoned at the first one, never retried (spec 7)`, base),
      );
    } else if (status >= 500) {
      reasons.push(reason('answered_5xx', `the receiver answered ${status} to ${events} (${idList(ids)}) by the rule "${rule}": the service retries it (spec 7, 8)`, base));
    } else if (status >= 300 && status < 400) {
      reasons.push(
        reason('answered_3xx', `the receiver answered ${status} to ${events} (${idList(ids)}) by the rule "${rule}": a failure, its redirect not followed; the service retries it (spec 7)`, base),
      );
    }
  }
  return reasons;
}

/** Whether the refusals include a 4xx in time: the service gave up on that event at once (spec 7). */
export function abandonedByRefusal(reasons: readonly ReconcileReason[]): boolean {
  return reasons.some((r) => r.kind !== 'answered_late' && r.status !== null && r.status >= 400 && r.status < 500);
}

export function noAttemptReason(events: readonly string[], from: number, to: number, callbackUrl: string | null | undefined): ReconcileReason {
  const what = events.length > 0 ? events.join(', ') : 'any of its events';
  const where = typeof callbackUrl === 'string' ? ` (the order's callback_url is ${callbackUrl})` : '';
  return reason(
    'no_attempt',
    `no attempt reached this receiver: it was running from ${iso(from)} to ${iso(to)} and stored no copy of ${what}${where}`,
    { from: iso(from), to: iso(to) },
  );
}

export function noCallbackReason(): ReconcileReason {
  return reason('no_callback_url', "the API lists its payout order without a callback_url: the service sends no webhook for it (spec 1)");
}
