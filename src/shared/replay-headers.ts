/**
 * Which stored headers a replay sends: the rule the core's replays and forwards apply, and the replay editor's
 * headers table starts from (so that it shows what would go).
 */

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

/** Removes every header of this name, in any case. */
export function withoutHeader(headers: ReadonlyArray<readonly [string, string]>, name: string): Array<[string, string]> {
  const lower = name.toLowerCase();
  return headers.filter(([n]) => n.toLowerCase() !== lower).map(([n, v]) => [n, v]);
}
