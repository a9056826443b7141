import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { SourceHealth } from '../../src/shared/relay';
import { eventLimitBytes, fetchPage, followStream, pageLimitBytes, type RelayEndpoint } from '../../src/main/core/sources/relay-client';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { until } from '../support/until';

const mib = 2 ** 20;
/** What a hostile relay offers: far more than any limit, written only as fast as the laptop reads it. */
const hostileBytes = 400 * mib;
/** What the kernel's socket buffers and Node's stream buffers may hold beyond what the client has read. */
const bufferMargin = 32 * mib;
const letters = Buffer.alloc(mib, 'a');
/** "data: aaaa…\n" lines: each ends, the event they make never does. */
const dataLines = Buffer.from(`data: ${'a'.repeat(1000)}\n`.repeat(1000));

type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

/** A local HTTP server impersonating a relay: each test sets its routes; it counts what it wrote. */
class FakeRelay {
  server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://relay.invalid');
    this.requests.push(url);
    const route = this.routes[url.pathname];
    if (!route) return void res.writeHead(404).end();
    void Promise.resolve(route(req, res, url)).catch(() => res.destroy());
  });
  routes: Record<string, Route> = {};
  requests: URL[] = [];
  written = 0;

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Writes `head`, then `chunk` again and again up to `total` bytes, each once the last drained, until the peer goes. */
  async writeHostile(res: ServerResponse, head: string, chunk: Buffer, total = hostileBytes): Promise<void> {
    res.write(head);
    let closed = false;
    res.once('close', () => (closed = true));
    while (!closed && this.written < total) {
      this.written += chunk.length;
      if (!res.write(chunk)) {
        await new Promise<void>((resolve) => {
          res.once('drain', resolve);
          res.once('close', resolve);
        });
      }
    }
    res.end();
  }
}

let relay: FakeRelay;
beforeAll(async () => {
  relay = new FakeRelay();
  await new Promise<void>((resolve) => relay.server.listen(0, '127.0.0.1', resolve));
});
afterEach(() => {
  relay.routes = {};
  relay.requests = [];
  relay.written = 0;
});
afterAll(async () => {
  relay.server.closeAllConnections();
  await new Promise((resolve) => relay.server.close(resolve));
});

const endpoint = (): RelayEndpoint => ({ url: relay.url, token: 'pull-token', fingerprint: null });

function heapAfterGc(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

describe('a hostile relay cannot make the laptop hold more than a limit', () => {
  test('a 400 MB event with no line end ends the stream with an error naming the relay, having read about the limit', async () => {
    relay.routes['/relay/v1/stream'] = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      return relay.writeHostile(res, 'event: delivery\ndata: ', letters);
    };
    const before = heapAfterGc();
    const followed = followStream(endpoint(), '0:0', new AbortController().signal, () => {}, async () => {});
    await expect(followed).rejects.toThrow(`the relay at ${relay.url} sent an event larger than 8 MiB`);
    expect(relay.written).toBeLessThan(eventLimitBytes + bufferMargin);
    expect(heapAfterGc() - before).toBeLessThan(64 * mib);
  });

  test('an event of endless data lines, each ended, is bounded the same way', async () => {
    relay.routes['/relay/v1/stream'] = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      // Lines of "data: aaaa…\n": every line ends, the event never does.
      return relay.writeHostile(res, 'event: delivery\n', dataLines);
    };
    const followed = followStream(endpoint(), '0:0', new AbortController().signal, () => {}, async () => {});
    await expect(followed).rejects.toThrow('sent an event larger than 8 MiB');
    expect(relay.written).toBeLessThan(eventLimitBytes + bufferMargin);
  });

  test('a 400 MB page is refused once it passes the page limit, and one announced that large is not read at all', async () => {
    relay.routes['/relay/v1/deliveries'] = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return relay.writeHostile(res, '{"deliveries":[{"cursor":"', letters);
    };
    const before = heapAfterGc();
    await expect(fetchPage(endpoint(), '0:0', 100, new AbortController().signal)).rejects.toThrow(
      `the relay at ${relay.url} sent a page of 100 deliveries larger than 32 MiB`,
    );
    expect(relay.written).toBeLessThan(pageLimitBytes + bufferMargin);
    expect(heapAfterGc() - before).toBeLessThan(64 * mib);

    relay.written = 0;
    relay.routes['/relay/v1/deliveries'] = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': hostileBytes });
      return relay.writeHostile(res, '', letters);
    };
    await expect(fetchPage(endpoint(), '0:0', 100, new AbortController().signal)).rejects.toThrow('larger than 32 MiB');
    expect(relay.written).toBeLessThan(bufferMargin);
  });

  test('a refusal with an endless body is read for its reason only', async () => {
    relay.routes['/relay/v1/deliveries'] = (_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      return relay.writeHostile(res, 'broken', letters);
    };
    await expect(fetchPage(endpoint(), '0:0', 100, new AbortController().signal)).rejects.toThrow(/^the relay answered 500: brokenaaaa/);
    expect(relay.written).toBeLessThan(bufferMargin);
  });
});

/** One delivery as a relay sends it, with a body of `bodyBytes`. */
function relayed(n: number, bodyBytes: number) {
  return {
    cursor: `1:${n}`,
    relayId: String(n),
    channel: 'limits',
    receivedAt: 1_700_000_000_000 + n,
    method: 'POST',
    path: '/webhooks',
    query: '',
    headers: [['content-type', 'application/octet-stream']],
    bodyBase64: Buffer.alloc(bodyBytes, n % 256).toString('base64'),
    bodyTruncated: false,
    remoteAddress: '203.0.113.9',
    tls: true,
    response: { status: 200, reason: 'OK' },
  };
}

describe('the laptop pulling from a relay', () => {
  let laptop: TestCore | undefined;
  afterEach(async () => {
    await laptop?.stop();
    laptop = undefined;
  });
  const health = async () => (await laptop!.call('status.get', {})).sources[0] as SourceHealth | undefined;
  const quietStream: Route = (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.write(': stream open\n\n');
  };

  test('pages of large deliveries past the page limit are asked again in fewer deliveries, and every delivery lands', async () => {
    const total = 60;
    const bodyBytes = mib / 2;
    relay.routes['/relay/v1/deliveries'] = async (_req, res, url) => {
      const after = Number(url.searchParams.get('after')!.split(':')[1]);
      const limit = Number(url.searchParams.get('limit'));
      const numbers = Array.from({ length: Math.max(0, Math.min(limit, total - after)) }, (_, i) => after + i + 1);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      // Written a delivery at a time, as fast as the laptop reads: the test holds one delivery, not the page.
      res.write('{"deliveries":[');
      for (const [i, n] of numbers.entries()) {
        if (res.destroyed) return;
        if (!res.write(`${i === 0 ? '' : ','}${JSON.stringify(relayed(n, bodyBytes))}`)) {
          await new Promise((resolve) => (res.once('drain', resolve), res.once('close', resolve)));
        }
      }
      res.end(`],"cursor":"1:${numbers.at(-1) ?? after}","behind":${total - (numbers.at(-1) ?? after)}}`);
    };
    relay.routes['/relay/v1/stream'] = quietStream;
    laptop = await startTestCore({ relay: endpoint() });
    await until(() => laptop!.call('status.get', {}), (s) => s.deliveryCount === total && s.sources[0]?.state === 'connected');
    expect((await laptop.call('status.get', {})).deliveryCount).toBe(total);
    const limits = relay.requests.filter((u) => u.pathname === '/relay/v1/deliveries').map((u) => Number(u.searchParams.get('limit')));
    // 100 deliveries of 0.7 MiB in base64 are past 32 MiB, and so are 50; 25 fit.
    expect(limits.slice(0, 3)).toEqual([100, 50, 25]);
    expect(Math.max(...limits.slice(2))).toBeLessThanOrEqual(50);
  }, 120_000);

  test('a relay whose single delivery is past the page limit is shown as the reason the source is down', async () => {
    relay.routes['/relay/v1/deliveries'] = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return relay.writeHostile(res, '{"deliveries":[{"cursor":"', letters);
    };
    laptop = await startTestCore({ relay: endpoint() });
    const down = await until(health, (h) => h?.state === 'disconnected');
    expect(down).toMatchObject({ state: 'disconnected', reason: `the relay at ${relay.url} sent a page of 1 deliveries larger than 32 MiB` });
    const limits = relay.requests.map((u) => Number(u.searchParams.get('limit')));
    expect(limits.slice(0, 8)).toEqual([100, 50, 25, 13, 7, 4, 2, 1]);
  }, 120_000);

  test("a relay whose database is down: the relay's reason, the time of the first failure and the next try, then connected", async () => {
    const unavailable = { error: "the relay's database is unavailable", reason: 'store_unavailable' };
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let pageRequests = 0;
    relay.routes['/relay/v1/deliveries'] = async (_req, res) => {
      pageRequests += 1;
      if (pageRequests <= 2) {
        res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
        return void res.end(JSON.stringify(unavailable));
      }
      await released;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ deliveries: [], cursor: '0:0', behind: 0 }));
    };
    relay.routes['/relay/v1/stream'] = quietStream;
    laptop = await startTestCore({ relay: endpoint() });

    const first = (await until(health, (h) => h?.state === 'disconnected'))!;
    expect(first.reason).toBe("the relay's database is unavailable");
    expect(first.nextRetryAt).not.toBeNull();
    expect(Date.parse(first.nextRetryAt!)).toBeGreaterThanOrEqual(Date.parse(first.since!) + 1000);

    // The third request is held: by then the second 503 has been answered and reported.
    await until(async () => pageRequests, (n) => n === 3);
    const second = (await until(health, (h) => h?.nextRetryAt !== first.nextRetryAt))!;
    expect(second).toMatchObject({ state: 'disconnected', since: first.since, reason: "the relay's database is unavailable" });
    expect(Date.parse(second.nextRetryAt!)).toBeGreaterThan(Date.parse(first.nextRetryAt!));

    release();
    const back = await until(health, (h) => h?.state === 'connected');
    expect(back).toMatchObject({ state: 'connected', since: null, reason: null, nextRetryAt: null });
  });
});
