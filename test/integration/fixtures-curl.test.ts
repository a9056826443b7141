import { spawnSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { testSecret } from '../support/deliveries';
import { runInShell } from '../support/shell';
import { receive, sha256, storedRows } from '../support/transfers';
import { signedDelivery } from '../fixtures/payloads';

const hasCurl = spawnSync('which', ['curl']).status === 0;

const bodies: Record<string, Buffer> = {
  'every byte value': Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  'Latin-1, not UTF-8': Buffer.from('caf\xe9 \xa3100', 'latin1'),
  'JSON with quotes, backslashes, newlines and %': Buffer.from('{"a":"it\'s \\"q\\" \\\\ 100%","b":"\u00e9\u2603"}\r\n\n', 'utf8'),
};

describe('copy as cURL sends the exact stored bytes', () => {
  let t: TestCore;
  let server: Server;
  let target: string;
  const received: Array<{ body: Buffer; headers: IncomingHttpHeaders; rawHeaders: string[]; method: string; url: string }> = [];

  beforeAll(async () => {
    t = await startTestCore({ secret: testSecret });
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks), headers: req.headers, rawHeaders: req.rawHeaders, method: req.method!, url: req.url! });
        res.end('ok');
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await t.stop();
  });

  for (const [name, body] of Object.entries(bodies)) {
    it(`reproduces ${name}`, async () => {
      // A header with bytes beyond ASCII (UTF-8 and Latin-1) and a quote, which a POSIX sh must pass on as sent.
      const note = `${Buffer.from('zoë ✓', 'utf8').toString('latin1')} caf\xe9 it's`;
      const headers = { ...signedDelivery(body, testSecret, { deliveryId: 'delivery-1' }).headers, 'X-Note': note };
      const id = await receive(t, body, headers, '/webhooks?attempt=1');
      const { command } = await t.call('export.curl', { deliveryId: id, url: `${target}/hook?attempt=1` });
      // The payload half, what printf writes into curl's stdin, in bash and in a POSIX sh alike.
      const printf = command.slice(0, command.indexOf(' | curl '));
      for (const shell of ['bash', 'sh']) expect(sha256((await runInShell(printf, shell)).stdout), shell).toBe(sha256(body));
      if (!hasCurl) return;
      for (const shell of ['bash', 'sh']) {
        received.length = 0;
        const result = await runInShell(command, shell);
        expect(result.stderr, shell).toBe('');
        expect(result.status, shell).toBe(0);
        const [got] = received;
        expect(sha256(got!.body), shell).toBe(sha256(body));
        expect(got!.method).toBe('POST');
        expect(got!.url).toBe('/hook?attempt=1');
        for (const [header, value] of Object.entries(headers)) expect(got!.headers[header.toLowerCase()], `${shell}: ${header}`).toBe(value);
        // Nothing of curl's own: no Accept it made up, its User-Agent replaced by the stored one.
        expect(got!.headers.accept).toBeUndefined();
        expect(got!.headers['user-agent']).toBe('Service-Webhooks/1.0');
      }
    });
  }

  it.runIf(hasCurl)('sends to the receiver itself by default (https on localhost: -k), where it verifies again', async () => {
    const body = bodies['every byte value']!;
    const id = await receive(t, body, signedDelivery(body, testSecret).headers);
    const { command } = await t.call('export.curl', { deliveryId: id });
    expect(command).toContain(`'${t.receiverUrl}/webhooks'`);
    expect(command).toContain(' -k');
    const result = await runInShell(command);
    expect(result.status).toBe(0);
    const rows = storedRows(t.dataDir);
    const last = rows[rows.length - 1]!;
    expect(last.id).toBeGreaterThan(id);
    expect(last.body_sha256).toBe(sha256(body));
    expect(last.signature).toBe('valid');
  });

  it('answers 404 for a delivery that is not stored', async () => {
    await expect(t.call('export.curl', { deliveryId: 99_999 })).rejects.toThrow(/404.*no delivery 99999/);
  });
});
