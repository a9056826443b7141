import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressRefused, sendAttempt, unrestrictedEgress, type AttemptRequest, type Egress } from '@webhook-inspector/http-attempt';

let server: Server;
let base: URL;
const received: Array<{ method: string; url: string; headers: string[]; body: Buffer }> = [];

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push({ method: request.method!, url: request.url!, headers: request.rawHeaders, body: await bodyOf(request) });
    if (request.url === '/moved') response.writeHead(302, { Location: '/elsewhere' }).end();
    else response.writeHead(201, { 'X-Answer': 'yes' }).end('stored');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const attempt = (path: string, extra: Partial<AttemptRequest> = {}) =>
  sendAttempt({
    target: new URL(path, base),
    body: Buffer.from('{"amount":"1.10"}'),
    headers: [['X-Service-Signature', 'sha256=00'], ['content-type', 'application/json']],
    connectTimeoutMs: 5_000,
    readTimeoutMs: 5_000,
    trustedFingerprint: null,
    responseBodyCapBytes: 1_000,
    signal: new AbortController().signal,
    egress: unrestrictedEgress,
    ...extra,
  });

describe('one HTTP attempt', () => {
  it('sends the exact bytes and headers, in their order and case, and keeps the answer', async () => {
    const outcome = await attempt('/hook?x=1');
    expect(outcome).toMatchObject({ kind: 'response', statusCode: 201, body: Buffer.from('stored'), bodyTruncated: false });
    const sent = received.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', url: '/hook?x=1', body: Buffer.from('{"amount":"1.10"}') });
    // Node adds its Connection header after the ones given.
    expect(sent.headers.filter((_, i) => i % 2 === 0).slice(0, 4)).toEqual(['Host', 'X-Service-Signature', 'content-type', 'Content-Length']);
  });

  it('never follows a redirect', async () => {
    const outcome = await attempt('/moved');
    expect(outcome).toMatchObject({ kind: 'response', statusCode: 302, location: '/elsewhere' });
    expect(received.at(-1)!.url).toBe('/moved');
  });

  it('asks the egress hook first, and connects to nothing it refuses', async () => {
    const before = received.length;
    const refusing: Egress = { addressesFor: async () => Promise.reject(new EgressRefused('not this one')) };
    const outcome = await attempt('/hook', { egress: refusing });
    expect(outcome.kind).toBe('error');
    expect(received).toHaveLength(before);
  });
});
