import type { Egress } from '../outbound/egress-policy';
import { sendAttempt, type AttemptOutcome } from '@webhook-inspector/http-attempt';
import { adviceForBodyNotJson, adviceForBodyTooLarge, adviceForNetworkFailure, adviceForRefusedTarget, adviceForTimeout } from './advice';
import { answerError, redact, requestLabel, ServiceApiError } from './errors';

/** The service in use: where its API is, the token it takes, and the egress policy its address must pass. */
export interface ServiceAccess {
  baseUrl: string;
  apiToken: string;
  egress: Egress;
}

export interface ServiceRequest {
  method: 'GET' | 'POST';
  /** e.g. /api/orders?page=1&limit=10 */
  pathAndQuery: string;
  body?: unknown;
  signal?: AbortSignal;
}

/** A complete answer of the service, whatever its status. */
export interface ServiceAnswer {
  label: string;
  status: number;
  headers: Headers;
  /** The parsed body; undefined when it is not JSON. */
  json: unknown;
  isJson: boolean;
  isEmpty: boolean;
}

const maxMessageLength = 500;
/** Far more than any page of the API: past it the answer is not the API's, and is not read further. */
export const serviceBodyLimitBytes = 4 * 1024 * 1024;

/**
 * One request with X-Api-Token, bounded by `timeoutMs` (headers and body), on a connection the egress policy
 * checked. Network failures and timeouts become ServiceApiErrors naming the request; the caller's own abort is
 * rethrown as is. Redirects are not followed: the token would go to wherever they point.
 */
export async function sendServiceRequest(access: ServiceAccess, request: ServiceRequest, timeoutMs: number): Promise<ServiceAnswer> {
  const label = requestLabel(request.method, request.pathAndQuery);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const headers: Array<[string, string]> = [
    ['X-Api-Token', access.apiToken],
    ['Accept', 'application/json'],
  ];
  if (request.body !== undefined) headers.push(['Content-Type', 'application/json']);
  const outcome = await sendAttempt({
    target: new URL(`${access.baseUrl.replace(/\/+$/, '')}${request.pathAndQuery}`),
    method: request.method,
    body: Buffer.from(request.body === undefined ? '' : JSON.stringify(request.body)),
    headers,
    connectTimeoutMs: timeoutMs,
    readTimeoutMs: timeoutMs,
    trustedFingerprint: null,
    // One byte past the limit tells an answer that is too large from one that is exactly the limit.
    responseBodyCapBytes: serviceBodyLimitBytes + 1,
    signal,
    egress: access.egress,
  });
  if (outcome.kind === 'error') throw failure(outcome, { label, request, timeout, timeoutMs, token: access.apiToken });
  if (outcome.bodyTruncated) {
    const message = `${label} answered ${outcome.statusCode} with a body larger than ${serviceBodyLimitBytes / 1024 / 1024} MiB, not read further`;
    throw new ServiceApiError(502, message, outcome.statusCode, adviceForBodyTooLarge());
  }
  const text = outcome.body.toString('utf8');
  const parsed = parseJson(text);
  return { label, status: outcome.statusCode, headers: headersOf(outcome.headers), json: parsed.value, isJson: parsed.ok, isEmpty: text === '' };
}

function failure(
  outcome: Extract<AttemptOutcome, { kind: 'error' }>,
  context: { label: string; request: ServiceRequest; timeout: AbortSignal; timeoutMs: number; token: string },
): unknown {
  const { label, request, timeout, timeoutMs, token } = context;
  if (request.signal?.aborted) return request.signal.reason;
  if (timeout.aborted || outcome.errorKind === 'connect_timeout' || outcome.errorKind === 'read_timeout') {
    return new ServiceApiError(504, `${label} did not answer within ${formatSeconds(timeoutMs)}`, null, adviceForTimeout());
  }
  if (outcome.errorKind === 'refused') return new ServiceApiError(403, `${label}: ${outcome.error}`, null, adviceForRefusedTarget());
  const reason = outcome.errorCode ?? outcome.error;
  return new ServiceApiError(502, `${label}: the service could not be reached (${redact(reason, token)})`, null, adviceForNetworkFailure(reason));
}

function headersOf(pairs: ReadonlyArray<readonly [string, string]>): Headers {
  const headers = new Headers();
  for (const [name, value] of pairs) {
    try {
      headers.append(name, value);
    } catch {
      // A header fetch's Headers cannot hold is one the client never reads.
    }
  }
  return headers;
}

/** The service's own `message` (spec 7's error body), cut short and with the token removed. */
export function serviceMessage(answer: ServiceAnswer, token: string): string | null {
  if (!answer.isJson) return answer.isEmpty ? null : 'the body is not JSON';
  const message = (answer.json as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return null;
  const short = message.length > maxMessageLength ? `${message.slice(0, maxMessageLength)}…` : message;
  return redact(short, token);
}

/** Throws for any answer that is not a 2xx. */
export function requireSuccess(answer: ServiceAnswer, token: string): void {
  if (answer.status < 200 || answer.status > 299) throw answerError(answer.label, answer.status, serviceMessage(answer, token));
}

/** Throws unless the body was JSON. */
export function requireJson(answer: ServiceAnswer): void {
  if (!answer.isJson) {
    const type = answer.headers.get('content-type') ?? 'no Content-Type';
    const what = answer.isEmpty ? 'an empty body' : `a body that is not JSON (${type})`;
    throw new ServiceApiError(502, `${answer.label} answered ${answer.status} with ${what}`, answer.status, adviceForBodyNotJson());
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; value: undefined } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, value: undefined };
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
