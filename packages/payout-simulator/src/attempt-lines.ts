import { apiAttemptOf, type ApiWebhookAttempt } from './api/webhook-attempts';
import type { AttemptView, DispatchEventView } from './dispatcher/event-records';

/** What the program prints of each attempt: one line of text, or with --json one JSON object (NDJSON). */
export type AttemptPrinter = (event: DispatchEventView, attempt: AttemptView) => void;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

function outcomeWords(item: ApiWebhookAttempt): string {
  if (item.status === 'delivered') return `${item.status_code} in ${item.duration_ms} ms, delivered`;
  const error = item.error?.replace(/\.$/, '');
  const answer = item.status_code === null ? (error ?? 'no answer') : `${item.status_code}${error ? ` (${error})` : ''}`;
  if (item.webhook_status === 'abandoned') return `${answer}, abandoned: a 4xx is not retried`;
  if (item.next_attempt_at !== null) return `failed: ${answer}; next try at ${item.next_attempt_at}`;
  if (item.webhook_status === 'failed_permanently') return `failed: ${answer}; failed permanently, no try left`;
  return `failed: ${answer}`;
}

/**
 * One line per attempt: when it started, the event and its webhook, the target, attempt n of 8, then its status
 * (or the error, which for a refused certificate names the cause and how to trust it) and the next try's time.
 */
export function attemptLine(event: DispatchEventView, attempt: AttemptView, now = Date.now()): string {
  const item = apiAttemptOf(event, attempt);
  const next = item.next_attempt_at === null ? '' : ` (in ${seconds(Math.max(0, Date.parse(item.next_attempt_at) - now))})`;
  return `${item.started_at} ${item.event} (webhook ${item.webhook_id}, order ${item.order_uuid}) → ${item.callback_url}: attempt ${item.attempt} of ${item.max_attempts}: ${outcomeWords(item)}${next}`;
}

/** The same as one JSON object: the item GET /api/webhook-attempts lists, marked `"type": "attempt"`. */
export function attemptJson(event: DispatchEventView, attempt: AttemptView): string {
  return JSON.stringify({ type: 'attempt', ...apiAttemptOf(event, attempt) });
}

export function attemptPrinter(json: boolean, write: (line: string) => void = (line) => console.log(line)): AttemptPrinter {
  return (event, attempt) => write(json ? attemptJson(event, attempt) : attemptLine(event, attempt));
}
