import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignedLoad } from '../support/signed-load';

/**
 * The soak's load sends a request once more only when a kept-alive socket was reset before any answer: a server
 * that drops the second request it gets, unanswered, on the socket that carried the first, is what that looks like.
 */
describe('the signed load on a server that resets kept-alive sockets', () => {
  let server: Server;
  let url = '';
  let received = 0;

  beforeAll(async () => {
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], { notAfterDate: new Date(Date.now() + 86_400_000) });
    server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
      received += 1;
      if (received === 2) return void request.socket.destroy();
      request.resume().on('end', () => response.end('{"ok":true}'));
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

  const load = (retry: boolean) =>
    new SignedLoad({ url, ratePerSecond: 200, connections: 1, count: 3, retryResetOnReusedSocket: retry }).start().done();

  it('counts the reset as a failure on the reused socket, without retrying', async () => {
    received = 0;
    const outcome = await load(false);
    expect(outcome.failures).toEqual({ 'ECONNRESET (reused socket)': 1 });
    expect(outcome.statuses).toEqual({ 200: 2 });
    expect(received).toBe(3);
  });

  it('with retries, sends the reset request once more and gets every answer', async () => {
    received = 0;
    const outcome = await load(true);
    expect(outcome.retriedAfterReset).toBe(1);
    expect(outcome.failures).toEqual({});
    expect(outcome.statuses).toEqual({ 200: 3 });
    expect(new Set(outcome.acknowledged)).toEqual(new Set(outcome.sentHashes));
    expect(received).toBe(4);
  });
});
