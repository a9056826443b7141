import { maxAttempts } from '../dispatcher/backoff';
import type { AttemptView, DeliveryStatus, DispatchEventView } from '../dispatcher/event-records';

/** An attempt as GET /api/webhook-attempts lists it: one made, or the next one of a webhook still pending. */
export interface ApiWebhookAttempt {
  /** The webhook (one event sent to one callback URL) in this simulator; a duplicate is a webhook of its own. */
  webhook_id: number;
  /** The webhook this one sends again (the same bytes: spec 6 rule 1), else null. */
  duplicate_of: number | null;
  order_uuid: string;
  recipient_uuid: string;
  event: string;
  callback_url: string | null;
  /** 1 to 8 (spec 8); a webhook re-sent starts again at 1. */
  attempt: number;
  max_attempts: number;
  /** `delivered` (2xx), `failed` (anything else: an error, a 3xx, 4xx or 5xx), `pending` (in flight, or due). */
  status: AttemptStatus;
  /** Null for a pending attempt not started yet. */
  started_at: string | null;
  /** When a pending attempt not started yet is due. */
  due_at: string | null;
  /** X-Service-Delivery of a started attempt. */
  delivery_id: string | null;
  status_code: number | null;
  /** Why it failed, in words: the cause (a refused certificate says which is wrong and how to trust it). */
  error: string | null;
  /** The system's code of the error (ECONNREFUSED, DEPTH_ZERO_SELF_SIGNED_CERT…). */
  error_code: string | null;
  duration_ms: number | null;
  /** A failed attempt that is retried: when the next one is (was) due. */
  next_attempt_at: string | null;
  /** The webhook's own state: `pending`, `delivered`, `abandoned` (a 4xx, or not sent) or `failed_permanently`. */
  webhook_status: DeliveryStatus;
}

export const attemptStatuses = ['delivered', 'failed', 'pending'] as const;
export type AttemptStatus = (typeof attemptStatuses)[number];

export interface AttemptFilter {
  order?: string;
  recipient?: string;
  event?: string;
  status?: AttemptStatus;
}

function attemptStatus(attempt: AttemptView): AttemptStatus {
  if (attempt.durationMs === null) return 'pending';
  return attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300 ? 'delivered' : 'failed';
}

function webhookFields(webhook: DispatchEventView) {
  return {
    webhook_id: webhook.id,
    duplicate_of: webhook.duplicateOf,
    order_uuid: webhook.orderUuid,
    recipient_uuid: webhook.recipientUuid,
    event: webhook.event,
    callback_url: webhook.callbackUrl,
    max_attempts: maxAttempts,
    webhook_status: webhook.status,
  };
}

/** One attempt the webhook made, as listed (and as the program's --json prints it). */
export function apiAttemptOf(webhook: DispatchEventView, attempt: AttemptView): ApiWebhookAttempt {
  const status = attemptStatus(attempt);
  const following = webhook.attempts[webhook.attempts.findIndex((a) => a.number === attempt.number) + 1];
  const retried = status === 'failed' && (following ? following.inSeries > attempt.inSeries : webhook.status === 'pending');
  return {
    ...webhookFields(webhook),
    attempt: attempt.inSeries,
    status,
    started_at: attempt.startedAt,
    due_at: null,
    delivery_id: attempt.deliveryId,
    status_code: attempt.statusCode,
    error: attempt.error,
    error_code: attempt.errorCode,
    duration_ms: attempt.durationMs,
    next_attempt_at: retried ? (following?.startedAt ?? webhook.nextAttemptAt) : null,
  };
}

/** A webhook's attempts, oldest first, then the next one while it is pending and none is in flight. */
function attemptsOf(webhook: DispatchEventView): ApiWebhookAttempt[] {
  const listed = webhook.attempts.map((attempt) => apiAttemptOf(webhook, attempt));
  if (webhook.status === 'pending' && !webhook.inFlight && webhook.nextAttemptAt !== null) {
    listed.push({
      ...webhookFields(webhook),
      attempt: webhook.attemptsInSeries + 1,
      status: 'pending',
      started_at: null,
      due_at: webhook.nextAttemptAt,
      delivery_id: null,
      status_code: null,
      error: null,
      error_code: null,
      duration_ms: null,
      next_attempt_at: null,
    });
  }
  return listed;
}

/** Every attempt of the webhooks the filter names, by webhook (oldest first), then attempt. */
export function webhookAttempts(webhooks: readonly DispatchEventView[], filter: AttemptFilter): ApiWebhookAttempt[] {
  return webhooks
    .filter((w) => (filter.order === undefined || w.orderUuid === filter.order) && (filter.recipient === undefined || w.recipientUuid === filter.recipient))
    .filter((w) => filter.event === undefined || w.event === filter.event)
    .flatMap(attemptsOf)
    .filter((a) => filter.status === undefined || a.status === filter.status);
}

/** The filter of a query (`order`, `recipient`, `event`, `status`), or what is wrong with it. */
export function attemptFilterOf(query: URLSearchParams): { ok: true; filter: AttemptFilter } | { ok: false; message: string } {
  const status = query.get('status');
  if (status !== null && !(attemptStatuses as readonly string[]).includes(status)) {
    return { ok: false, message: `status must be one of ${attemptStatuses.join(', ')}; got ${JSON.stringify(status)}` };
  }
  const given = (name: string) => query.get(name) ?? undefined;
  return { ok: true, filter: { order: given('order'), recipient: given('recipient'), event: given('event'), status: (status ?? undefined) as AttemptStatus | undefined } };
}
