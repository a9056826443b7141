import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { RelayArrivals } from './arrivals';
import { channelForToken, channelHoldings, type Channel } from './channels';
import { pageAfter, parseCursor, startCursor } from './relay-deliveries';

export const pullPrefix = '/relay/v1/';
const defaultPageSize = 500;
const maxPageSize = 2000;
/** How often an idle stream looks again without a notification, and says it is alive. */
const pollMs = 2000;
const heartbeatMs = 15_000;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
  res.end(text);
}

function bearer(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match ? match[1]! : null;
}

function writeAndDrain(res: ServerResponse, chunk: string): Promise<void> {
  if (res.write(chunk)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/** Server-sent events: every delivery after the cursor, then each new one as it is stored. */
async function stream(pool: pg.Pool, arrivals: RelayArrivals, channel: Channel, cursor: string, res: ServerResponse, closed: () => boolean) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
  res.write(': stream open\n\n');
  let lastWrite = Date.now();
  while (!closed()) {
    const page = await pageAfter(pool, channel, cursor, defaultPageSize);
    for (const delivery of page.deliveries) {
      await writeAndDrain(res, `event: delivery\ndata: ${JSON.stringify(delivery)}\n\n`);
      lastWrite = Date.now();
    }
    cursor = page.cursor;
    if (page.deliveries.length === defaultPageSize) continue;
    if (Date.now() - lastWrite >= heartbeatMs) {
      res.write(': alive\n\n');
      lastWrite = Date.now();
    }
    await arrivals.next(channel.id, pollMs);
  }
}

/**
 * The pull side of a relay, for the laptops of a channel: `GET deliveries?after=&limit=` pages, `GET stream?after=`
 * streams, `GET status` tells what the relay holds. A token that opens no channel gets the same 401 whether or
 * not a channel of that name exists: the name is never part of the request.
 */
export function createPullApi(pool: pg.Pool, arrivals: RelayArrivals, log: (line: string) => void) {
  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const token = bearer(req);
    const channel = token === null ? null : await channelForToken(pool, token);
    if (channel === null) return sendJson(res, 401, { error: 'unknown or missing token' });
    if (req.method !== 'GET') return sendJson(res, 405, { error: 'GET only' });
    const after = url.searchParams.get('after') ?? startCursor;
    if (parseCursor(after) === null) return sendJson(res, 400, { error: `not a cursor: ${JSON.stringify(after)}` });
    switch (url.pathname.slice(pullPrefix.length)) {
      case 'deliveries': {
        const limit = Number(url.searchParams.get('limit') ?? defaultPageSize);
        if (!Number.isInteger(limit) || limit < 1 || limit > maxPageSize) {
          return sendJson(res, 400, { error: `limit must be an integer in 1..${maxPageSize}` });
        }
        return sendJson(res, 200, await pageAfter(pool, channel, after, limit));
      }
      case 'stream': {
        let closed = false;
        res.on('close', () => (closed = true));
        return stream(pool, arrivals, channel, after, res, () => closed);
      }
      case 'status': {
        const held = (await channelHoldings(pool)).find((c) => c.id === channel.id);
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
    handle(req, res, url).catch((error: Error & { status?: number }) => {
      log(`relay: a pull failed (${error.message})`);
      if (!res.headersSent) sendJson(res, error.status ?? 500, { error: error.status ? error.message : 'internal error' });
      else res.destroy();
    });
    return true;
  };
}
