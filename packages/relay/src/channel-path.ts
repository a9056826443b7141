import { decodedRequestPath, judgeRequestPath } from '@webhook-inspector/capture';

/** Where a receiving path goes: a channel by name, no channel, or refused because it leaves the channel it names. */
export type ChannelRoute =
  | { kind: 'channel'; name: string }
  | { kind: 'unrouted' }
  | { kind: 'refused'; reason: string };

const channelPrefix = /^\/c\/([^/]*)(?:\/|$)/;
const leavesChannel =
  'the path leaves its channel once percent-encoding (repeated or not), ";" parameters, backslashes and "."/".." are resolved';

function channelNamed(path: string): string | null {
  const name = channelPrefix.exec(path)?.[1];
  return name === undefined || name === '' ? null : name;
}

/**
 * Routes a receiving path (as sent: percent-encoded) to its channel, `/c/<name>/…`. The channel is the one the path
 * names as written; the path is judged by the rule the app's forward uses too (`judgeRequestPath`: decoded until
 * stable, `;` parameters dropped, backslashes read as separators), as a whole and below its channel, and when any
 * reading of it lands anywhere else (`/c/acme/../beta/x`, `/c/acme/%252e%252e/beta/x`, `/c/acme/..;/beta/x`) the path
 * is refused rather than stored under either channel: a proxy or a laptop that decodes it would see another channel.
 */
export function routeChannelPath(path: string): ChannelRoute {
  const whole = judgeRequestPath(path);
  if (!whole.accepted) return { kind: 'refused', reason: whole.reason };
  const named = channelNamed(path);
  const landsIn = channelNamed(whole.resolved);
  if (named === null) return landsIn === null ? { kind: 'unrouted' } : { kind: 'refused', reason: leavesChannel };
  const below = judgeRequestPath(path.slice(`/c/${named}`.length));
  if (!below.accepted || decodedRequestPath(named) !== landsIn) return { kind: 'refused', reason: leavesChannel };
  return { kind: 'channel', name: landsIn };
}
