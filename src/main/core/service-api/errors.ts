import { adviceForAnswer } from './advice';

/**
 * A service API call that failed. `status` is the HTTP status the control server answers the UI with
 * (it uses `error.status`): 400 for a request the service or the client refuses (the service's own 400
 * pagination message is kept word for word), 404 when the service has no such resource, 409 when no
 * service API is available, 403 when the egress policy refuses its address, 502 for any other failed answer of the service (401/403 included: the UI's
 * call was authorized, the service refused the token), 504 when the service did not answer in time.
 */
export class ServiceApiError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 502 | 504,
    message: string,
    /** The status the service answered with; null when it gave none (timeout, unreachable, refused before sending). */
    readonly upstreamStatus: number | null = null,
    /** What to do next, in a sentence (the message keeps the technical detail); the control server sends it along. */
    readonly advice: string | null = null,
  ) {
    super(message);
    this.name = 'ServiceApiError';
  }
}

/** How the client names a request in its errors: method, path and query, never the base URL or the token. */
export function requestLabel(method: string, pathAndQuery: string): string {
  return `${method} ${pathAndQuery}`;
}

/** The control status for a service answer that is not a success. */
export function statusForAnswer(upstreamStatus: number): 400 | 404 | 502 {
  if (upstreamStatus === 400) return 400;
  if (upstreamStatus === 404) return 404;
  return 502;
}

/** "GET /api/orders?page=46&limit=10 answered 400: Pagination error: expected :page in 1..45; got 46" */
export function answerError(label: string, upstreamStatus: number, serviceMessage: string | null): ServiceApiError {
  // Following a redirect could send X-Api-Token to another host.
  const redirect = upstreamStatus >= 300 && upstreamStatus < 400 ? ' (redirects are not followed)' : '';
  const detail = `${serviceMessage ?? 'no message'}${redirect}`;
  return new ServiceApiError(statusForAnswer(upstreamStatus), `${label} answered ${upstreamStatus}: ${detail}`, upstreamStatus, adviceForAnswer(upstreamStatus));
}

/** Any text the client shows that came from the service or the network, with the token cut out. */
export function redact(text: string, token: string): string {
  return token === '' ? text : text.replaceAll(token, '[redacted]');
}

/** The same, through every string of a JSON value (a service may echo the token in a body). */
export function redactJson(value: unknown, token: string): unknown {
  if (typeof value === 'string') return redact(value, token);
  if (Array.isArray(value)) return value.map((v) => redactJson(v, token));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k, token), redactJson(v, token)]));
  }
  return value;
}
