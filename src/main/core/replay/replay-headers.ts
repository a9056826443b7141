import type { ReplayOptions } from '../../../shared/replay';
import { signBody } from '../analysis/signature';

/** Headers that describe one connection, not the delivery (RFC 9110 7.6.1), and the ones the sender sets itself. */
const perConnection = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
  'expect',
]);

/** An HTTP/2 pseudo-header (`:method`, `:path`, …) a capture recorded: a fact of that exchange, never a header to send. */
export function isPseudoHeader(name: string): boolean {
  return name.startsWith(':');
}

export type HeaderChoices = Pick<ReplayOptions, 'signing' | 'deliveryHeader' | 'timestampHeader'>;

/** What regenerated headers get: injectable so tests can pin them. */
export interface FreshValues {
  deliveryId: () => string;
  epochSeconds: () => number;
  /** A key no one signs with, for a deliberately wrong (yet well-formed) signature. */
  wrongKey: () => string;
}

/**
 * The stored headers minus the per-connection ones (and any the stored Connection header named) and
 * HTTP/2 pseudo-headers, order and case kept.
 */
export function deliveryHeaders(stored: ReadonlyArray<readonly [string, string]>): Array<[string, string]> {
  const named = stored
    .filter(([name]) => name.toLowerCase() === 'connection')
    .flatMap(([, value]) => value.split(',').map((token) => token.trim().toLowerCase()));
  const dropped = new Set([...perConnection, ...named]);
  return stored.filter(([name]) => !dropped.has(name.toLowerCase()) && !isPseudoHeader(name)).map(([name, value]) => [name, value]);
}

/** Sets a header in place (first occurrence keeps its position and case, later ones go), or appends it. */
export function withHeader(headers: Array<[string, string]>, name: string, value: string): Array<[string, string]> {
  const lower = name.toLowerCase();
  const at = headers.findIndex(([n]) => n.toLowerCase() === lower);
  if (at === -1) return [...headers, [name, value]];
  return headers.flatMap(([n, v], i): Array<[string, string]> =>
    n.toLowerCase() !== lower ? [[n, v]] : i === at ? [[n, value]] : [],
  );
}

/** The headers of a replay: as stored, with the signature and the delivery and timestamp headers as chosen. */
export function replayHeaders(
  stored: ReadonlyArray<readonly [string, string]>,
  body: Uint8Array,
  choices: HeaderChoices,
  fresh: FreshValues,
): Array<[string, string]> {
  let headers = deliveryHeaders(stored);
  if (choices.signing.mode === 'resign') headers = withHeader(headers, 'X-Service-Signature', signBody(body, choices.signing.secret));
  if (choices.signing.mode === 'wrong') headers = withHeader(headers, 'X-Service-Signature', signBody(body, fresh.wrongKey()));
  if (choices.deliveryHeader === 'regenerate') headers = withHeader(headers, 'X-Service-Delivery', fresh.deliveryId());
  if (choices.timestampHeader === 'regenerate') {
    headers = withHeader(headers, 'X-Service-Timestamp', String(fresh.epochSeconds()));
  }
  return headers;
}
