import { adviceForBodyNotJson, adviceForNetworkFailure, adviceForTimeout } from './advice';
import { answerError, redact, requestLabel, ServiceApiError } from './errors';

/** The service in use: where its API is and the token it takes. */
export interface ServiceAccess {
  baseUrl: string;
  apiToken: string;
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

/**
 * One request with X-Api-Token, bounded by `timeoutMs` (headers and body). Network failures and
 * timeouts become ServiceApiErrors naming the request; the caller's own abort is rethrown as is.
 * Redirects are not followed: fetch would carry X-Api-Token to wherever they point.
 */
export async function sendServiceRequest(access: ServiceAccess, request: ServiceRequest, timeoutMs: number): Promise<ServiceAnswer> {
  const label = requestLabel(request.method, request.pathAndQuery);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const headers: Record<string, string> = { 'X-Api-Token': access.apiToken, Accept: 'application/json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const res = await fetch(`${access.baseUrl.replace(/\/+$/, '')}${request.pathAndQuery}`, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      redirect: 'manual',
      signal,
    });
    const text = await res.text();
    const parsed = parseJson(text);
    return { label, status: res.status, headers: res.headers, json: parsed.value, isJson: parsed.ok, isEmpty: text === '' };
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason;
    if (timeout.aborted) {
      throw new ServiceApiError(504, `${label} did not answer within ${formatSeconds(timeoutMs)}`, null, adviceForTimeout());
    }
    const reason = networkReason(error);
    throw new ServiceApiError(502, `${label}: the service could not be reached (${redact(reason, access.apiToken)})`, null, adviceForNetworkFailure(reason));
  }
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

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
