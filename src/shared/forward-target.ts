import type { ForwardSettings } from './replay';

/** The request line of a received delivery, as the receiver stored it: path, and query without `?`. */
export interface ReceivedRequestLine {
  path: string;
  query: string;
}

/** The example the Settings card shows: where a demo order's deliveries would be forwarded. */
export const exampleReceivedPath = '/webhooks/demo';

/** A received path that climbs above its root once its dot segments are resolved: it is not forwarded. */
export class PathEscapesTarget extends Error {
  constructor(path: string) {
    super(`not forwarded: the path ${JSON.stringify(path)} climbs above the target's base path`);
  }
}

/**
 * The received path with its `.` and `..` segments resolved, after decoding what spells them or a separator
 * (%2e, %2f, %5c and backslashes, in any case), as a target's server might; null when a `..` climbs above the root.
 */
export function normalizedPath(path: string): string | null {
  const spelled = path.replace(/%2e/gi, '.').replace(/%2f|%5c|\\/gi, '/');
  const segments = (spelled.startsWith('/') ? spelled : `/${spelled}`).split('/').slice(1);
  const kept: string[] = [];
  for (const segment of segments) {
    if (segment === '..' && kept.pop() === undefined) return null;
    if (segment !== '.' && segment !== '..') kept.push(segment);
  }
  // "/a/." and "/a/b/.." name the folder: keep its trailing slash.
  const last = segments[segments.length - 1];
  if (last === '.' || last === '..') kept.push('');
  return `/${kept.join('/')}`;
}

/**
 * Where a received delivery is forwarded (callers parse the answer with `new URL`); throws PathEscapesTarget
 * for an appended path that would climb out of the target's base path.
 * By default the target exactly as given, its path and query included: http://localhost:3000/webhooks
 * receives every delivery, whatever path it came to. With `appendPath`, the received path (its leading
 * `from` replaced by `to` first) goes under the target's path and the received query after the target's:
 * http://localhost:3000/base + /webhooks/a?x=1, /webhooks → /api → http://localhost:3000/base/api/a?x=1.
 */
export function forwardTarget(
  settings: Pick<ForwardSettings, 'appendPath' | 'pathRewrite'> & { target: string },
  received: ReceivedRequestLine,
): string {
  const [withoutFragment = ''] = settings.target.split('#', 1);
  if (!settings.appendPath) return withoutFragment;
  const queryAt = withoutFragment.indexOf('?');
  const beforeQuery = queryAt === -1 ? withoutFragment : withoutFragment.slice(0, queryAt);
  const targetQuery = queryAt === -1 ? '' : withoutFragment.slice(queryAt + 1);
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(beforeQuery)?.[0] ?? '';
  const basePath = beforeQuery.slice(origin.length).replace(/\/+$/, '');

  let path = normalizedPath(received.path);
  if (path === null) throw new PathEscapesTarget(received.path);
  const rewrite = settings.pathRewrite;
  if (rewrite && path.startsWith(rewrite.from)) path = rewrite.to + path.slice(rewrite.from.length);
  const tail = path.replace(/^\/+/, '');
  const joinedPath = tail === '' ? basePath || '/' : `${basePath}/${tail}`;
  const query = [targetQuery, received.query].filter((part) => part !== '').join('&');
  return `${origin}${joinedPath}${query === '' ? '' : `?${query}`}`;
}
