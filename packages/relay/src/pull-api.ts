import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { tokenHash } from '@webhook-inspector/capture';
import type { ChannelFeeds } from './channel-feeds';
import { channelHoldings, tokenAccess, type TokenRefusal } from './channels';
import { BadPullRequest, checkCursorIssued, parseCursor, startCursor } from './relay-cursor';
import { pageAfter } from './relay-deliveries';
import { sendJson, sendStoreUnavailable } from './relay-json';
import { isStoreUnavailable } from './store-unavailable';
import type { RelayLogger } from './relay-logger';

export const pullPrefix = '/relay/v1/';
const defaultPageSize = 500;
const maxPageSize = 2000;

/**
 * The 401 for a token that opens no channel. A token the relay never issued gets the same answer whether or not
 * any channel exists; one that a rotation replaced, or whose channel was revoked, is told so, for its laptop to
 * say what to do (set the new token) instead of "wrong token".
 */
const tokenRefused: Record<TokenRefusal, { error: string; reason?: string }> = {
  unknown: { error: 'unknown or missing token' },
  rotated: { error: "token rotated: the channel's token was replaced (relay channel rotate); pull with the new one", reason: 'token_rotated' },
  revoked: { error: 'channel revoked: this token\'s channel was retired (relay channel revoke)', reason: 'token_revoked' },
};

function bearer(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match ? match[1]! : null;
}

export interface PullApiOptions {
  /** Open streams one token may hold on this relay process. */
  maxStreamsPerToken: number;
  logger: RelayLogger;
}

/**
 * The pull side of a relay, for the laptops of a channel: `GET deliveries?after=&limit=` pages, `GET stream?after=`
 * streams, `GET status` tells what the relay holds. A token that never opened a channel gets the same 401 whether
 * or not a channel of that name exists: the name is never part of the request (a rotated or revoked one is told
 * so, see `tokenRefused`). While the database cannot be reached
 * every call is a 503 saying so, with Retry-After.
 */
export function createPullApi(pool: pg.Pool, feeds: ChannelFeeds, options: PullApiOptions) {
  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const token = bearer(req);
    if (token === null) return sendJson(res, 401, { error: 'unknown or missing token' });
    const access = await tokenAccess(pool, token);
    if (!('channel' in access)) return sendJson(res, 401, tokenRefused[access.refused]);
    const { channel } = access;
    if (req.method !== 'GET') return sendJson(res, 405, { error: 'GET only' });
    const after = parseCursor(url.searchParams.get('after') ?? startCursor);
    switch (url.pathname.slice(pullPrefix.length)) {
      case 'deliveries': {
        const limit = Number(url.searchParams.get('limit') ?? defaultPageSize);
        if (!Number.isInteger(limit) || limit < 1 || limit > maxPageSize) {
          return sendJson(res, 400, { error: `limit must be an integer in 1..${maxPageSize}` });
        }
        await checkCursorIssued(pool, after);
        return sendJson(res, 200, await pageAfter(pool, channel, after, limit));
      }
      case 'stream': {
        await checkCursorIssued(pool, after);
        if (res.destroyed) return;
        // Counted and opened with no wait between, so that streams opened together cannot all pass the cap.
        const hash = tokenHash(token);
        const open = feeds.openStreams(hash);
        if (open >= options.maxStreamsPerToken) {
          return sendJson(res, 429, {
            error: `this token has ${open} streams open on this relay, the most it allows (relay --max-streams-per-token ${options.maxStreamsPerToken} sets it); close one, or page with /relay/v1/deliveries`,
            reason: 'too_many_streams',
          });
        }
        return feeds.open(channel, hash, after, res);
      }
      case 'status': {
        const [held] = await channelHoldings(pool, channel.id);
        return sendJson(res, 200, { channel: channel.name, ...held, id: undefined });
      }
      default:
        return sendJson(res, 404, { error: 'no such call' });
    }
  };
  /** True when the request was the pull API's to answer. */
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://relay.invalid');
    if (!url.pathname.startsWith(pullPrefix)) return false;
    handle(req, res, url).catch((error: Error) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof BadPullRequest) return sendJson(res, 400, { error: error.message });
      if (isStoreUnavailable(error)) return sendStoreUnavailable(res);
      options.logger.warn(`relay: a pull failed (${error.message})`);
      sendJson(res, 500, { error: 'internal error' });
    });
    return true;
  };
}
