/** Where a receiving path goes: a channel by name, no channel, or refused because it leaves the channel it names. */
export type ChannelRoute =
  | { kind: 'channel'; name: string }
  | { kind: 'unrouted' }
  | { kind: 'refused'; reason: string };

const channelPrefix = /^\/c\/([^/]*)(?:\/|$)/;
/** Percent-decoding rounds before giving up on a path encoded over and over (`%25252e…`). */
const decodingRounds = 4;

/** Percent-decodes until nothing changes (double encoding included); a malformed escape stops it where it is. */
function decodeFully(text: string): { text: string; settled: boolean } {
  for (let round = 0; round < decodingRounds; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      return { text, settled: true };
    }
    if (decoded === text) return { text, settled: true };
    text = decoded;
  }
  return { text, settled: !/%[0-9a-f]{2}/i.test(text) };
}

/** The path as a server that decodes and resolves it would see it; null when `..` climbs above the root. */
export function resolvedPath(path: string): string | null {
  const segments: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

function channelNamed(path: string): string | null {
  const name = channelPrefix.exec(path)?.[1];
  return name === undefined || name === '' ? null : name;
}

/**
 * Routes a receiving path (as sent: percent-encoded) to its channel, `/c/<name>/…`. The channel is the one the path
 * names as written; the path is also decoded (`%2e`, `%2f`, `%5c`, backslashes, double encoding) and its `.`/`..`
 * segments resolved, and when that lands anywhere else (`/c/acme/../beta/x`, `/c/acme/%2e%2e/beta/x`) the path is
 * refused rather than stored under either channel: a proxy or a laptop that decodes it would see another channel.
 */
export function routeChannelPath(path: string): ChannelRoute {
  const decoded = decodeFully(path);
  if (!decoded.settled) return { kind: 'refused', reason: 'the path is percent-encoded too many times over to tell where it goes' };
  const named = channelNamed(path);
  const resolved = resolvedPath(decoded.text);
  if (resolved === null) return { kind: 'refused', reason: 'the path climbs above the root with ".."' };
  const landsIn = channelNamed(resolved);
  const namedAs = named === null ? null : decodeFully(named).text;
  if (namedAs !== landsIn) {
    return { kind: 'refused', reason: 'the path leaves its channel once "."/".." and percent-encoding are resolved' };
  }
  return landsIn === null ? { kind: 'unrouted' } : { kind: 'channel', name: landsIn };
}
