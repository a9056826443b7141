/**
 * Says which inspectors a forwarded request went through, each adding its id: an inspector that finds its own
 * id there stores the delivery but does not forward it again (A → B → A stops at A).
 */
export const hopHeader = 'X-Webhook-Inspector-Forwarded';
/** Past this many inspectors a chain is taken for a loop even without this one's id (an id lost with its data dir). */
export const maxHops = 8;

/** The inspector ids a received delivery's hop header lists, in order. */
export function hopsOf(headers: ReadonlyArray<readonly [string, string]>): string[] {
  return headers
    .filter(([name]) => name.toLowerCase() === hopHeader.toLowerCase())
    .flatMap(([, value]) => value.split(','))
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/** Why a delivery that came with this hop header is not forwarded again; null when it may be. */
export function hopRefusal(hops: readonly string[], ownId: string): string | null {
  if (hops.includes(ownId)) return `not forwarded: this inspector forwarded it already (${hopHeader}), forwarding it again would loop`;
  if (hops.length >= maxHops) return `not forwarded: it went through ${hops.length} inspectors already (${hopHeader}), taken for a loop`;
  return null;
}

/** The headers to forward: the received ones with this inspector added to the hop header. */
export function withHop(headers: Array<[string, string]>, hops: readonly string[], ownId: string): Array<[string, string]> {
  const others = headers.filter(([name]) => name.toLowerCase() !== hopHeader.toLowerCase());
  return [...others, [hopHeader, [...hops, ownId].join(', ')]];
}
