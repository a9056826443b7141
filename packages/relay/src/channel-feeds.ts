import type { ServerResponse } from 'node:http';
import { setImmediate } from 'node:timers/promises';
import type pg from 'pg';
import type { Channel } from './channels';
import { tokenStillOpens } from './channels';
import { type Cursor, isAfter } from './relay-cursor';
import { readAfter, type ReadDelivery } from './relay-deliveries';
import { isStoreUnavailable, storeUnavailable } from './store-unavailable';
import type { RelayLogger } from './relay-logger';

export interface FeedOptions {
  /** Deliveries per read. */
  pageSize: number;
  /** How often a channel with open streams reads again without a notice (one can be missed), and streams say they are alive. */
  pollMs: number;
  heartbeatMs: number;
  /** Output a live stream may have waiting for its reader before it goes back to reading at its own pace. */
  maxBufferedBytes: number;
  logger: RelayLogger;
}

/** Live streams written to in one turn of the event loop. */
const feedSlice = 50;

/** One open stream: where it is, and whose token opened it. */
interface Subscriber {
  res: ServerResponse;
  tokenSha256: Buffer;
  cursor: Cursor;
  /** Fed by the channel's shared reads; false while it catches up with reads of its own. */
  live: boolean;
  /** A notice came while it was catching up: it reads once more before it goes live. */
  woken: boolean;
  lastWrite: number;
}

function eventText(read: ReadDelivery): string {
  return `event: delivery\ndata: ${JSON.stringify(read.delivery)}\n\n`;
}

/** Resolves once what is waiting for the reader has gone out (or the stream closed). */
function drained(res: ServerResponse): Promise<void> {
  if (!res.writableNeedDrain || res.destroyed) return Promise.resolve();
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

function writeAndDrain(res: ServerResponse, chunk: string): Promise<void> {
  res.write(chunk);
  return drained(res);
}

/**
 * The open streams of one channel. A stream behind the channel's tail catches up with reads of its own, at its own
 * pace; once at the tail it goes live, and from then on one read per notice (or poll) serves every live stream of
 * the channel, each event's text made once: 500 streams on a channel cost one query per new delivery, not 500.
 */
class ChannelFeed {
  readonly subscribers = new Set<Subscriber>();
  private reading = false;
  private again = false;
  private readonly poll: NodeJS.Timeout;

  constructor(
    readonly channel: Channel,
    private readonly pool: pg.Pool,
    private readonly options: FeedOptions,
    private readonly counted: () => void,
    private readonly emptied: () => void,
  ) {
    this.poll = setInterval(() => {
      this.heartbeat();
      this.wake();
    }, options.pollMs);
    this.poll.unref();
  }

  add(subscriber: Subscriber): void {
    this.subscribers.add(subscriber);
    subscriber.res.once('close', () => this.remove(subscriber));
    void this.catchUp(subscriber);
  }

  private remove(subscriber: Subscriber): void {
    if (!this.subscribers.delete(subscriber)) return;
    if (!subscriber.res.writableEnded) subscriber.res.end();
    if (this.subscribers.size === 0) {
      clearInterval(this.poll);
      this.emptied();
    }
  }

  /** Ends every stream whose token no longer opens the channel (rotated or revoked). */
  async recheckTokens(): Promise<void> {
    const tokens = new Map<string, Buffer>();
    for (const s of this.subscribers) tokens.set(s.tokenSha256.toString('hex'), s.tokenSha256);
    for (const [hex, hash] of tokens) {
      if (await tokenStillOpens(this.pool, this.channel.id, hash)) continue;
      for (const s of [...this.subscribers]) if (s.tokenSha256.toString('hex') === hex) this.remove(s);
    }
  }

  /** A delivery arrived (or it is time to look): one read for all live streams, again if more came meanwhile. */
  wake(): void {
    for (const s of this.subscribers) if (!s.live) s.woken = true;
    if (this.reading) {
      this.again = true;
      return;
    }
    void this.readForLive();
  }

  private async readForLive(): Promise<void> {
    this.reading = true;
    try {
      do {
        this.again = false;
        const live = [...this.subscribers].filter((s) => s.live);
        if (live.length === 0) break;
        const from = live.reduce((min, s) => (isAfter(min, s.cursor) ? s.cursor : min), live[0]!.cursor);
        this.counted();
        const read = await readAfter(this.pool, this.channel, from, this.options.pageSize);
        if (read.length === this.options.pageSize) this.again = true;
        const texts = read.map(eventText);
        for (let start = 0; start < live.length; start += feedSlice) {
          // Senders are answered between slices: writing to hundreds of streams at once would hold them all up.
          if (start > 0) await setImmediate();
          for (const s of live.slice(start, start + feedSlice)) if (this.subscribers.has(s)) this.feed(s, read, texts);
        }
      } while (this.again);
    } catch (error) {
      this.failAll(error, (s) => s.live);
    } finally {
      this.reading = false;
    }
  }

  private feed(subscriber: Subscriber, read: ReadDelivery[], texts: string[]): void {
    // The events of one read go out together: one TLS record and one write per stream, not one per event.
    subscriber.res.cork();
    read.forEach((r, index) => {
      if (!isAfter(r.at, subscriber.cursor)) return;
      subscriber.res.write(texts[index]!);
      subscriber.cursor = r.at;
      subscriber.lastWrite = Date.now();
    });
    subscriber.res.uncork();
    // A reader that does not keep up is not fed past a bound: it reads at its own pace until it is back at the tail.
    if (subscriber.res.writableLength > this.options.maxBufferedBytes) {
      subscriber.live = false;
      void this.catchUp(subscriber);
    }
  }

  private async catchUp(subscriber: Subscriber): Promise<void> {
    try {
      for (;;) {
        await drained(subscriber.res);
        if (!this.subscribers.has(subscriber)) return;
        subscriber.woken = false;
        const read = await readAfter(this.pool, this.channel, subscriber.cursor, this.options.pageSize);
        for (const r of read) {
          if (!this.subscribers.has(subscriber)) return;
          await writeAndDrain(subscriber.res, eventText(r));
          subscriber.cursor = r.at;
          subscriber.lastWrite = Date.now();
        }
        if (read.length < this.options.pageSize && !subscriber.woken) break;
      }
      subscriber.live = true;
    } catch (error) {
      this.failAll(error, (s) => s === subscriber);
    }
  }

  private heartbeat(): void {
    const now = Date.now();
    for (const s of this.subscribers) {
      if (s.live && now - s.lastWrite >= this.options.heartbeatMs) {
        s.res.write(': alive\n\n');
        s.lastWrite = now;
      }
    }
  }

  /** A read failed: the streams concerned are told why and closed; the laptop opens them again and is told 503 while it lasts. */
  private failAll(error: unknown, which: (s: Subscriber) => boolean): void {
    const unavailable = isStoreUnavailable(error);
    if (!unavailable) this.options.logger.warn(`relay: a stream's read failed (${(error as Error).message})`);
    const text = unavailable ? `event: error\ndata: ${JSON.stringify(storeUnavailable)}\n\n` : '';
    for (const s of [...this.subscribers]) {
      if (!which(s)) continue;
      if (text) s.res.write(text);
      this.remove(s);
    }
  }
}

/** Every open stream of this relay, by channel; its stats let a test see one read serve every stream of a channel. */
export class ChannelFeeds {
  private readonly feeds = new Map<string, ChannelFeed>();
  private readonly perToken = new Map<string, number>();
  sharedReads = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: FeedOptions,
  ) {}

  /** Streams open on this relay, those fed by their channel's shared reads, and the shared reads so far. */
  stats(): { open: number; live: number; sharedReads: number } {
    const all = [...this.feeds.values()].flatMap((feed) => [...feed.subscribers]);
    return { open: all.length, live: all.filter((s) => s.live).length, sharedReads: this.sharedReads };
  }

  openStreams(tokenSha256: Buffer): number {
    return this.perToken.get(tokenSha256.toString('hex')) ?? 0;
  }

  /** Streams every delivery after `cursor`, then each new one, until the client goes or the token stops opening the channel. */
  open(channel: Channel, tokenSha256: Buffer, cursor: Cursor, res: ServerResponse): void {
    const key = tokenSha256.toString('hex');
    this.perToken.set(key, this.openStreams(tokenSha256) + 1);
    res.once('close', () => {
      const left = this.openStreams(tokenSha256) - 1;
      if (left > 0) this.perToken.set(key, left);
      else this.perToken.delete(key);
    });
    // The receiver lets a sender half-close after its request; a laptop that closes its side has gone, and its stream
    // would otherwise hold its place under the cap until the next write fails.
    res.socket?.once('end', () => res.destroy());
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
    res.write(': stream open\n\n');
    let feed = this.feeds.get(channel.id);
    if (feed === undefined) {
      const created: ChannelFeed = new ChannelFeed(
        channel,
        this.pool,
        this.options,
        () => this.sharedReads++,
        () => this.feeds.get(channel.id) === created && this.feeds.delete(channel.id),
      );
      feed = created;
      this.feeds.set(channel.id, feed);
    }
    feed.add({ res, tokenSha256, cursor, live: false, woken: false, lastWrite: Date.now() });
  }

  arrived(channelId: string): void {
    this.feeds.get(channelId)?.wake();
  }

  /** A channel's access changed (null: any may have): its streams whose token no longer opens it are ended. */
  channelChanged(channelId: string | null): void {
    const feeds = channelId === null ? [...this.feeds.values()] : [this.feeds.get(channelId)].filter((f) => f !== undefined);
    for (const feed of feeds) {
      feed.recheckTokens().catch((error: Error) => this.options.logger.warn(`relay: could not re-check the streams' tokens (${error.message})`));
    }
  }

  closeAll(): void {
    for (const feed of this.feeds.values()) for (const s of [...feed.subscribers]) s.res.end();
  }
}
