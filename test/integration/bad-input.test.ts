import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { firstAnswer, post, rawTls, readUntilClose, statusOf } from '../support/https-client';

const limit = 64 * 1024;

describe('bad input gets a clear answer and is recorded where it can be', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore({
      bodyLimitBytes: limit,
      timeouts: { headersMs: 400, requestMs: 600, handshakeMs: 500 },
    });
  });
  afterAll(() => t.stop());

  const stored = async (answer: { headers: Record<string, unknown> }) =>
    t.call('deliveries.get', { id: Number(answer.headers['x-inspector-delivery-id']) });

  it('answers 405 to a method other than POST, and records it', async () => {
    const answer = await post(`${t.receiverUrl}/hook`, '', {}, 'GET');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST');
    const detail = await stored(answer);
    expect(detail.method).toBe('GET');
    expect(detail.response.status).toBe(405);
  });

  it('answers 413 to a body announced over the limit, keeping the bytes up to it', async () => {
    const body = Buffer.from(Array.from({ length: limit + 1000 }, (_, i) => 0x61 + (i % 26)));
    const answer = await post(t.receiverUrl, body, { 'Content-Type': 'application/json' });
    expect(answer.status).toBe(413);
    const detail = await stored(answer);
    expect(detail.response.status).toBe(413);
    expect(detail.bodyTruncated).toBe(true);
    expect(Buffer.from(detail.bodyBase64, 'base64').equals(body.subarray(0, limit))).toBe(true);
  });

  it('answers 413, not 408, to a body announced over the limit whose sender pauses, keeping the bytes that came', async () => {
    const socket = await rawTls(t.receiverUrl);
    const reply = firstAnswer(socket);
    socket.write(`POST /announced-pause HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${limit * 4}\r\n\r\n{"event":`);
    const text = await reply;
    socket.destroy();
    expect(statusOf(text)).toBe(413);
    const detail = await t.call('deliveries.get', { id: Number(/x-inspector-delivery-id: (\d+)/i.exec(text)?.[1]) });
    expect([detail.path, detail.response.status, detail.bodyTruncated]).toEqual(['/announced-pause', 413, true]);
    expect(Buffer.from(detail.bodyBase64, 'base64').toString()).toBe('{"event":');
  });

  it('answers 413 instead of 100 Continue to a body announced over the limit, and records the request without a body', async () => {
    const socket = await rawTls(t.receiverUrl);
    const reply = firstAnswer(socket);
    socket.write(`POST /expect-huge HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${limit + 1}\r\n\r\n`);
    const text = await reply;
    socket.destroy();
    expect(statusOf(text)).toBe(413);
    const detail = await t.call('deliveries.get', { id: Number(/x-inspector-delivery-id: (\d+)/i.exec(text)?.[1]) });
    expect([detail.path, detail.response.status, detail.bodyTruncated, detail.bodyBase64]).toEqual(['/expect-huge', 413, true, '']);
    expect(detail.response.reason).toMatch(/refused before upload/);
  });

  it('says 100 Continue to a body announced within the limit, then takes it whole', async () => {
    const socket = await rawTls(t.receiverUrl);
    const body = giftCardBody();
    const head = Object.entries(serviceHeaders(body)).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    const goAhead = firstAnswer(socket);
    socket.write(`POST /expect-small HTTP/1.1\r\nHost: x\r\nConnection: close\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\n${head}\r\n`);
    expect(statusOf(await goAhead)).toBe(100);
    const reply = readUntilClose(socket);
    socket.write(body);
    const text = await reply;
    expect(statusOf(text)).toBe(200);
    const detail = await t.call('deliveries.get', { id: Number(/x-inspector-delivery-id: (\d+)/i.exec(text)?.[1]) });
    expect(Buffer.from(detail.bodyBase64, 'base64').equals(body)).toBe(true);
    expect(detail.bodyTruncated).toBe(false);
  });

  it('answers 413 to a chunked body that grows past the limit, keeping the bytes up to it', async () => {
    const socket = await rawTls(t.receiverUrl);
    const reply = readUntilClose(socket);
    socket.write('POST /chunked HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    for (let i = 0; i < 8 && !socket.destroyed; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const text = await reply;
    expect(statusOf(text)).toBe(413);
    const list = await t.call('deliveries.list', { filter: { path: '/chunked' } });
    const detail = await t.call('deliveries.get', { id: list.items[0]!.id });
    expect(detail.bodyTruncated).toBe(true);
    expect(Buffer.from(detail.bodyBase64, 'base64').length).toBe(limit);
  });

  it('lets a client still writing an over-limit body read its 413 instead of a reset connection', async () => {
    const outcomes = [];
    for (const chunked of [false, true, false, true, false, true]) outcomes.push(await streamOversized(t.receiverUrl, 3 * 1024 * 1024, chunked));
    expect(outcomes).toEqual(outcomes.map(() => ({ status: 413, error: null })));
    const list = await t.call('deliveries.list', { filter: { path: '/streamed' } });
    expect(list.items.map((item) => item.responseStatus)).toEqual(outcomes.map(() => 413));
  });

  it('reads on for 4 MiB at most after a 413 before it closes, which a client reading meanwhile has answered by then', async () => {
    const outcome = await streamOversized(t.receiverUrl, 64 * 1024 * 1024, true, 'meanwhile');
    expect(outcome.status).toBe(413);
    expect(outcome.written).toBeLessThan(16 * 1024 * 1024);
  });

  it('answers 400 when the body ends before its Content-Length', async () => {
    const socket = await rawTls(t.receiverUrl);
    const reply = readUntilClose(socket);
    socket.end('POST /short HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"event":');
    expect(statusOf(await reply)).toBe(400);
  });

  it('answers a sender that half-closes right after a complete request, and records the answer it got', async () => {
    const socket = await rawTls(t.receiverUrl);
    const reply = readUntilClose(socket);
    const body = giftCardBody();
    const head = Object.entries(serviceHeaders(body)).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.end(`POST /half-closed HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n${head}\r\n${body}`);
    const text = await reply;
    expect(statusOf(text)).toBe(200);
    const id = Number(/x-inspector-delivery-id: (\d+)/i.exec(text)?.[1]);
    expect((await t.call('deliveries.get', { id })).response.status).toBe(200);
  });

  it.each([
    ['no Host header', 'POST /no-host HTTP/1.1\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}', 400, 'POST', '/no-host', /no Host header/],
    // Its sender may wait for a go-ahead before the body: answered without waiting for it.
    ['an Expect it cannot meet', 'POST /expect HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n', 417, 'POST', '/expect', /Expect: 200-ok/],
    ['a CONNECT', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\ntunnel bytes', 405, 'CONNECT', 'example.com:443', /only POSTs/],
  ])('answers a request with %s itself, and records it', async (_case, request, status, method, path, reason) => {
    const socket = await rawTls(t.receiverUrl);
    const reply = readUntilClose(socket);
    socket.write(request);
    const text = await reply;
    expect(statusOf(text)).toBe(status);
    expect(text).toMatch(reason);
    const detail = await t.call('deliveries.get', { id: Number(/x-inspector-delivery-id: (\d+)/i.exec(text)?.[1]) });
    expect([detail.method, detail.path, detail.response.status]).toEqual([method, path, status]);
  });

  it('answers 400 when more bytes follow than the Content-Length announced', async () => {
    const socket = await rawTls(t.receiverUrl);
    const reply = readUntilClose(socket);
    socket.write('POST /long HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}garbage that is not a request\r\n\r\n');
    // The bytes past the Content-Length are not a request: the connection is answered 400 and closed.
    expect(statusOf(await reply)).toBe(400);
  });

  it('stores and flags invalid JSON, an empty body, a wrong Content-Type and invalid UTF-8', async () => {
    const cases: Array<[Buffer, Record<string, string>, string]> = [
      [Buffer.from('{"event": "payout.processing",'), { 'Content-Type': 'application/json' }, 'invalid JSON'],
      [Buffer.alloc(0), { 'Content-Type': 'application/json' }, 'empty'],
      [giftCardBody(), { 'Content-Type': 'text/plain' }, 'content type'],
      [Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), { 'Content-Type': 'application/json' }, 'UTF-8'],
    ];
    for (const [body, headers, what] of cases) {
      const answer = await post(t.receiverUrl, body, headers);
      expect(answer.status, what).toBe(200);
      const detail = await stored(answer);
      expect(Buffer.from(detail.bodyBase64, 'base64').equals(body), what).toBe(true);
      expect(detail.findings.length, what).toBeGreaterThan(0);
    }
  });

  it('answers 408 to headers that never finish', async () => {
    const socket = await rawTls(t.receiverUrl);
    const reply = readUntilClose(socket);
    socket.write('POST /slow HTTP/1.1\r\nHost: x\r\n');
    expect(statusOf(await reply)).toBe(408);
  });

  it('answers 408 to a body that trickles too slowly, and keeps what arrived', async () => {
    const socket = await rawTls(t.receiverUrl);
    const reply = readUntilClose(socket);
    socket.write('POST /slow-body HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"ev');
    expect(statusOf(await reply)).toBe(408);
    const list = await t.call('deliveries.list', { filter: { path: '/slow-body' } });
    const detail = await t.call('deliveries.get', { id: list.items[0]!.id });
    expect(Buffer.from(detail.bodyBase64, 'base64').toString()).toBe('{"ev');
  });

  it('drops a TLS handshake that never completes', async () => {
    const { hostname, port } = new URL(t.receiverUrl);
    const socket = connect(Number(port), hostname);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    await closed; // the handshake timeout (500 ms here) closes it; the test timeout bounds the wait
    expect(socket.destroyed).toBe(true);
  });

  it('keeps serving normal deliveries after all of that', async () => {
    const body = giftCardBody();
    expect((await post(t.receiverUrl, body, serviceHeaders(body))).status).toBe(200);
  });
});

/**
 * A client streaming `size` bytes of body at the receiver, which reads the answer either only once it has written
 * everything (as many blocking HTTP clients do: a connection closed while it writes loses the answer) or as it
 * comes. What it read, the error its writing ended with, and how much it wrote.
 */
async function streamOversized(
  url: string,
  size: number,
  chunked: boolean,
  reads: 'after' | 'meanwhile' = 'after',
): Promise<{ status: number | null; error: string | null; written?: number }> {
  const socket = await rawTls(url);
  const replyMeanwhile = reads === 'meanwhile' ? readUntilClose(socket) : null;
  if (reads === 'after') socket.pause();
  let error: string | null = null;
  socket.on('error', (e) => (error ??= e.message));
  let closed = false;
  const closing = new Promise<void>((resolve) => socket.once('close', () => resolve(void (closed = true))));
  const write = async (data: string | Buffer) => {
    if (!socket.write(data)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closing]);
  };
  await write(`POST /streamed HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`}\r\n\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let written = 0;
  for (; written < size && !closed; written += chunk.length) {
    await write(chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk);
  }
  if (chunked && !closed) await write('0\r\n\r\n');
  if (replyMeanwhile) return { status: statusOf(await replyMeanwhile), error, written };
  const reply = readUntilClose(socket);
  socket.resume();
  const text = closed ? '' : await reply;
  return { status: statusOf(text), error };
}
