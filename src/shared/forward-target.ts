import { judgeRequestPath } from '@webhook-inspector/capture/request-path';
import type { ForwardSettings } from './replay';

/** The request line of a received delivery, as the receiver stored it: path, and query without `?`. */
export interface ReceivedRequestLine {
  path: string;
  query: string;
}

/** The example the Settings card shows: where a demo order's deliveries would be forwarded. */
export const exampleReceivedPath = '/webhooks/demo';

/** A received path that any server along the way could read as leaving the target's base path: it is not forwarded. */
export class PathEscapesTarget extends Error {
  constructor(path: string, reason: string) {
    super(`not forwarded under the target's base path: ${JSON.stringify(path)}: ${reason}`);
  }
}

/** The target's own path or query as a request line may carry it: spaces, controls and non-ASCII percent-encoded, as a URL would. */
function requestLineSafe(text: string): string {
  return text.replace(/[^\x21-\x7e]/gu, (char) => (char.length === 1 && char >= '\ud800' && char <= '\udfff' ? '%EF%BF%BD' : encodeURIComponent(char)));
}

/**
 * Where a received delivery is forwarded; throws PathEscapesTarget for an appended path that would climb out of the
 * target's base path. By default the target exactly as given, its path and query included:
 * http://localhost:3000/webhooks receives every delivery, whatever path it came to. With `appendPath`, the received
 * path (its leading `from` replaced by `to` first) goes under the target's path, byte for byte as it was received,
 * and the received query after the target's: http://localhost:3000/base + /webhooks/a?x=1, /webhooks → /api →
 * http://localhost:3000/base/api/a?x=1. The appended path is judged by `judgeRequestPath`, the relay's rule too.
 * `requestPath` is what goes on the request line; `new URL` of the answer would resolve its dot segments and
 * backslashes, so a sender writes `requestPath` as it is.
 */
export function forwardRequest(
  settings: Pick<ForwardSettings, 'appendPath' | 'pathRewrite'> & { target: string },
  received: ReceivedRequestLine,
): { url: string; requestPath: string | null } {
  const [withoutFragment = ''] = settings.target.split('#', 1);
  if (!settings.appendPath) return { url: withoutFragment, requestPath: null };
  const queryAt = withoutFragment.indexOf('?');
  const beforeQuery = queryAt === -1 ? withoutFragment : withoutFragment.slice(0, queryAt);
  const targetQuery = requestLineSafe(queryAt === -1 ? '' : withoutFragment.slice(queryAt + 1));
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(beforeQuery)?.[0] ?? '';
  const basePath = requestLineSafe(beforeQuery.slice(origin.length).replace(/\/+$/, ''));

  const rewrite = settings.pathRewrite;
  const path = rewrite && received.path.startsWith(rewrite.from) ? requestLineSafe(rewrite.to) + received.path.slice(rewrite.from.length) : received.path;
  const judged = judgeRequestPath(path);
  if (!judged.accepted) throw new PathEscapesTarget(received.path, judged.reason);
  const joinedPath = path === '' || path === '/' ? basePath || '/' : `${basePath}${path.startsWith('/') ? '' : '/'}${path}`;
  const query = [targetQuery, received.query].filter((part) => part !== '').join('&');
  const requestPath = `${joinedPath}${query === '' ? '' : `?${query}`}`;
  return { url: `${origin}${requestPath}`, requestPath };
}

/** Where a received delivery is forwarded, as one URL (see `forwardRequest`). */
export function forwardTarget(
  settings: Pick<ForwardSettings, 'appendPath' | 'pathRewrite'> & { target: string },
  received: ReceivedRequestLine,
): string {
  return forwardRequest(settings, received).url;
}
