import type { SentReplay } from '../replay/send-replay';
import type { CaseResult } from './case-result';

/**
 * The handler could not be reached at all: nothing accepts the connection, its host name is not found, the
 * connection is not made within the connect timeout, or its certificate is refused. No case says anything about
 * the handler then (a forgery would "pass" on a refused connection), so the run stops at the first such request
 * with one message, and `graded` holds the cases graded before it.
 */
export class HandlerUnreachable extends Error {
  constructor(
    message: string,
    readonly kind: 'connection' | 'certificate',
    readonly graded: CaseResult[] = [],
  ) {
    super(message);
  }
}

/** System error codes of a connection never made (the refused, unknown or unroutable address of a handler not there). */
const neverConnected: Array<[RegExp, (url: URL) => string]> = [
  [/\bECONNREFUSED\b/, (url) => `Nothing answers at ${url.host} (connection refused): is your handler running, and listening on port ${portOf(url)}?`],
  [/\b(ENOTFOUND|EAI_AGAIN|EAI_NONAME)\b/, (url) => `The host name ${url.hostname} is not found (DNS): is the URL right?`],
  [/\b(EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL)\b/, (url) => `${url.host} cannot be reached from here (no route to it): is the URL right?`],
  [/\bEPROTO\b|wrong version number|packet length too long/i, (url) => `${url.host} does not speak TLS: is your handler on plain http? Then give http://${url.host}${url.pathname}`],
];

function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** Why this request never reached the handler, in one message; null when it did (an answer, a timeout reading it, a reset). */
export function unreachableMessage(url: URL, sent: SentReplay, connectTimeoutMs: number): { message: string; kind: HandlerUnreachable['kind'] } | null {
  if (sent.errorKind === 'certificate') return { message: `The handler's certificate was refused: ${sent.error}`, kind: 'certificate' };
  if (sent.errorKind === 'connect_timeout') {
    return { message: `No connection to ${url.host} within ${connectTimeoutMs / 1000} s, the service's connect timeout (spec 8): is your handler running, and reachable from here?`, kind: 'connection' };
  }
  if (sent.errorKind !== 'connection' || sent.response !== null) return null;
  const error = sent.error ?? '';
  const found = neverConnected.find(([pattern]) => pattern.test(error));
  return found ? { message: `${found[1](url)} (${error}).`, kind: 'connection' } : null;
}
