import type { ForwardSettings } from '../../../shared/replay';

/**
 * Where a received delivery is forwarded: the target's origin, then the target's own path as a base,
 * then the received path (its leading `from` replaced by `to`), then the received query.
 * http://localhost:3000/webhooks + "/" → http://localhost:3000/webhooks;
 * http://localhost:3000 + "/hooks/a?x=1" with /hooks → /api → http://localhost:3000/api/a?x=1.
 */
export function forwardUrl(
  target: string,
  pathRewrite: ForwardSettings['pathRewrite'],
  received: { path: string; query: string },
): URL {
  const url = new URL(target);
  let path = received.path;
  if (pathRewrite && path.startsWith(pathRewrite.from)) path = pathRewrite.to + path.slice(pathRewrite.from.length);
  const base = url.pathname.replace(/\/+$/, '');
  const tail = path.replace(/^\/+/, '');
  url.pathname = tail === '' ? base || '/' : `${base}/${tail}`;
  if (received.query !== '') url.search = url.search === '' ? `?${received.query}` : `${url.search}&${received.query}`;
  return url;
}
