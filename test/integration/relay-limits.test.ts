import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serviceHeaders } from '../support/deliveries';
import { numberedBody } from '../support/signed-load';
import { openStream, rawRequest, startTestRelay, type TestRelay, type TestStream } from '../support/test-relay';
import { until } from '../support/until';

const unroutedBudget = 64 * 1024;
const maxStreams = 3;

let relay: TestRelay;
let acme: string;
let beta: string;
const streams: TestStream[] = [];

beforeAll(async () => {
  // No poll in the time of a test: every shared read counted comes from a delivery's notice.
  relay = await startTestRelay({ unroutedBudgetBytes: unroutedBudget, maxStreamsPerToken: maxStreams, streamPollMs: 600_000 });
  acme = await relay.createChannel('acme');
  beta = await relay.createChannel('beta');
}, 60_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await relay?.stop();
});

async function stream(token: string, after?: string): Promise<TestStream> {
  const opened = await openStream(relay.url, token, after);
  streams.push(opened);
  return opened;
}

describe('relay paths', () => {
  const escapes = [
    '/c/acme/../beta/x',
    '/c/acme/%2e%2e/beta/x',
    '/c/acme/%2E%2e/beta/x',
    '/c/acme/..%2fbeta/x',
    '/c/acme%2f..%2fbeta/x',
    '/c/acme/..%5cbeta/x',
    '/c/acme/..\\beta/x',
    '/c/acme/%252e%252e/beta/x',
    '/c/acme/x/../../beta/x',
    '/c/beta/../acme/x',
    // The forward's rule, which the relay shares (capture's judgeRequestPath).
    '/c/acme/..;/beta/x',
    '/c/acme/%2e%2e;/beta/x',
    '/c/acme/%2e%2e%3b/beta/x',
    '/c/acme/%%32%65%%32%65/beta/x',
    '/c/acme/a%2fb/../../beta/x',
    '/c/acme/.../beta/x',
  ];
  const refusedOutright: Array<[string, RegExp]> = [
    ['/c/acme/..%00/beta/x', /NUL byte/],
    ['/c/acme/%c0%ae%c0%ae/beta/x', /overlong UTF-8/],
    ['/c/acme/%252525252e%252525252e/beta/x', /too many times over/],
  ];

  test('a path that leaves its channel is refused with 400 and kept unrouted, never stored under a channel', async () => {
    const forms: Array<[string, RegExp]> = [...escapes.map((path): [string, RegExp] => [path, /leaves its channel/]), ...refusedOutright];
    for (const [n, [path, reason]] of forms.entries()) {
      const body = numberedBody(100 + n);
      const answer = await rawRequest(relay.url, path, { body, headers: serviceHeaders(body) });
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body).error, path).toMatch(reason);
    }
    const paths = forms.map(([path]) => path);
    const { rows } = await relay.pool.query<{ path: string; channel_id: string | null; response_status: number }>(
      'SELECT path, channel_id, response_status FROM relay_deliveries WHERE path = ANY($1)',
      [paths],
    );
    expect(rows.map((r) => r.path).sort()).toEqual([...paths].sort());
    expect(rows.every((r) => r.channel_id === null && r.response_status === 400)).toBe(true);
  });

  test.each(['/c/acme/hooks/./v1/../v2', '/c/acme/hooks;v=1/order%20123', '/c/acme/x/%252e%252e/y'])(
    'a path that stays in its channel after resolving is stored there as sent: %s',
    async (path) => {
      const body = numberedBody(200 + path.length);
      expect((await rawRequest(relay.url, path, { body, headers: serviceHeaders(body) })).status).toBe(200);
      const { rows } = await relay.pool.query<{ name: string }>(
        'SELECT c.name FROM relay_deliveries d JOIN relay_channels c ON c.id = d.channel_id WHERE d.path = $1',
        [path],
      );
      expect(rows).toEqual([{ name: 'acme' }]);
    },
  );
});

describe('the unrouted budget', () => {
  test('130 requests of 1 MiB outside every channel: request line and headers kept, 4 KiB of body each, the newest within the budget', { timeout: 120_000 }, async () => {
    const mebibyte = Buffer.alloc(2 ** 20, 'x');
    const count = 130;
    for (let n = 0; n < count; n++) {
      const answer = await rawRequest(relay.url, `/nowhere/${n}?n=${n}`, { body: mebibyte, headers: { 'Content-Type': 'text/plain', 'X-Sender-Mark': `mark-${n}` } });
      expect(answer.status).toBe(404);
    }
    const held = () =>
      relay.pool.query<{ path: string; query: string; headers: string; size: number; truncated: boolean; bytes: string }>(
        `SELECT path, query, headers, octet_length(body) AS size, body_truncated AS truncated,
                sum(octet_length(method) + octet_length(path) + octet_length(query) + octet_length(headers) + octet_length(body)) OVER () AS bytes
           FROM relay_deliveries WHERE channel_id IS NULL AND path LIKE '/nowhere/%' ORDER BY id`,
      );
    // Pruned as they are stored, not at the next retention pass (a minute by default).
    const { rows } = await until(held, ({ rows }) => Number(rows[0]?.bytes ?? Infinity) <= unroutedBudget);
    expect(Number(rows[0]!.bytes)).toBeLessThanOrEqual(unroutedBudget);
    expect(rows.length).toBeGreaterThan(5);
    // The newest, in order, up to the last one sent.
    expect(rows.map((r) => r.path)).toEqual(Array.from({ length: rows.length }, (_, i) => `/nowhere/${count - rows.length + i}`));
    for (const row of rows) {
      expect(row.size).toBe(4096);
      expect(row.truncated).toBe(true);
      expect(row.query).toBe(`n=${row.path.slice('/nowhere/'.length)}`);
      expect(JSON.parse(row.headers)).toContainEqual(['X-Sender-Mark', `mark-${row.path.slice('/nowhere/'.length)}`]);
    }
  });
});

describe('relay streams', () => {
  test('N streams of a channel all receive a delivery that the relay read once for them all', { timeout: 60_000 }, async () => {
    const tokens = [acme, acme, beta, beta, beta];
    const last = await relay.pool.query<{ cursor: string }>("SELECT xid::text || ':' || id AS cursor FROM relay_deliveries ORDER BY xid DESC, id DESC LIMIT 1");
    const tail = last.rows[0]?.cursor ?? '0:0';
    const opened = await Promise.all(tokens.map((token) => stream(token, tail)));
    expect(opened.map((s) => s.status)).toEqual(tokens.map(() => 200));
    await until(async () => relay.relay.streamStats(), (s) => s.live === tokens.length);
    const before = relay.relay.streamStats().sharedReads;
    const body = numberedBody(300);
    expect(await relay.deliver('/c/beta/fan-out', body, serviceHeaders(body))).toBe(200);
    const betaStreams = opened.slice(2);
    await until(async () => betaStreams.map((s) => s.deliveries().length), (counts) => counts.every((n) => n === 1));
    for (const s of betaStreams) expect(s.deliveries().map((d) => d.path)).toEqual(['/c/beta/fan-out']);
    expect(relay.relay.streamStats().sharedReads - before).toBe(1);
    expect(opened.slice(0, 2).map((s) => s.deliveries().length)).toEqual([0, 0]);
    for (const s of opened) s.close();
    await until(async () => relay.relay.streamStats().open, (n) => n === 0);
  });

  test('a token past its cap of open streams is answered 429 saying how to raise it, and admitted again once one closes', { timeout: 60_000 }, async () => {
    const first = await Promise.all(Array.from({ length: maxStreams }, () => stream(acme)));
    expect(first.map((s) => s.status)).toEqual(first.map(() => 200));
    const refused = await stream(acme);
    expect(refused.status).toBe(429);
    await until(async () => refused.ended(), Boolean);
    const error = JSON.parse(refused.text()) as { error: string; reason: string };
    expect(error).toMatchObject({ reason: 'too_many_streams' });
    expect(error.error).toContain(`${maxStreams} streams open`);
    expect(error.error).toContain('--max-streams-per-token');
    // Another token's streams are its own.
    const other = await stream(beta);
    expect(other.status).toBe(200);

    first[0]!.close();
    const again = await until(
      async () => {
        const attempt = await stream(acme);
        if (attempt.status !== 200) attempt.close();
        return attempt;
      },
      (s) => s.status === 200,
    );
    expect(again.status).toBe(200);
    for (const s of [...first, other, again]) s.close();
  });
});

describe('pull API input', () => {
  test.each([
    ['0:99999999999999999999', /delivery id 99999999999999999999 is out of range/],
    ['99999999999999999999:0', /transaction id 99999999999999999999 is out of range/],
    ['18446744073709551615:0', /ahead of this relay's database/],
    ['abc', /not a cursor/],
    ['1:2:3', /not a cursor/],
    ['-1:0', /not a cursor/],
  ])('the cursor %s is a 400 saying what is wrong', async (cursor, message) => {
    for (const call of ['deliveries', 'stream']) {
      const answer = await rawRequest(relay.url, `/relay/v1/${call}?after=${encodeURIComponent(cursor)}`, {
        method: 'GET',
        headers: { Authorization: `Bearer ${acme}` },
      });
      expect(answer.status, call).toBe(400);
      expect(JSON.parse(answer.body).error, call).toMatch(message);
    }
  });

  test('GET / and HEAD / answer a health check, unrecorded', async () => {
    const get = await rawRequest(relay.url, '/', { method: 'GET' });
    expect(get.status).toBe(200);
    expect(JSON.parse(get.body)).toEqual({ ok: true, store: 'up' });
    const head = await rawRequest(relay.url, '/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const { rows } = await relay.pool.query("SELECT 1 FROM relay_deliveries WHERE path = '/'");
    expect(rows).toEqual([]);
  });
});
