import { execFile } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateCertificate } from '../../src/main/core/receiver/tls';
import { builtCli } from '../support/cli-process';
import { tempDataDir } from '../support/temp-dir';

const run = promisify(execFile);
const secret = 'whsec_cli_trigger_0123456789abcdef';

interface Received {
  headers: IncomingMessage['headers'];
  body: Buffer;
  signatureValid: boolean;
}

/** A handler as a merchant writes it: the raw body's HMAC checked with the secret (401 when it differs), then `status`. */
interface Handler {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

const open: Handler[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const handler of open.splice(0)) await handler.close();
});
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function verifies(body: Buffer, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function startHandler(status: number, tls?: { cert: string; key: string }): Promise<Handler> {
  const received: Received[] = [];
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const signatureValid = verifies(body, req.headers['x-service-signature'] as string | undefined);
      received.push({ headers: req.headers, body, signatureValid });
      res.writeHead(signatureValid ? status : 401, { 'Content-Type': 'application/json' }).end('{"seen":true}');
    });
  };
  const server: Server = tls ? createHttpsServer(tls, onRequest) : createHttpServer(onRequest);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const handler: Handler = {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  open.push(handler);
  return handler;
}

async function trigger(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [builtCli, 'trigger', ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

interface Listed {
  event: string;
  form: string;
  unknown: boolean;
}

async function listed(): Promise<Listed[]> {
  const { code, stdout } = await trigger(['--list', '--json']);
  expect(code).toBe(0);
  return (JSON.parse(stdout) as { events: Listed[] }).events;
}

describe('webhook-inspector trigger', () => {
  it('--list names every event of the spec with its form, both crypto forms, gift cards, and unknown events', async () => {
    const events = await listed();
    expect(events.filter((e) => !e.unknown).map((e) => `${e.event} ${e.form}`)).toEqual([
      'payout.quote_created crypto_form_a',
      'payout.quote_confirmed crypto_form_a',
      'payout.quote_canceled crypto_form_a',
      'payout.status_changed crypto_form_a',
      'payout.terminal_state crypto_form_a',
      'payout.processing crypto_form_b',
      'payout.processing gift_cards',
      'payout.failed crypto_form_b',
      'payout.failed gift_cards',
    ]);
    expect(events.filter((e) => e.unknown).map((e) => e.form).sort()).toEqual(['crypto_form_a', 'gift_cards']);
    const text = await trigger(['--list']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^payout\.quote_created +crypto_form_a /m);
    expect(text.stdout).toMatch(/^recipient\.reminder_sent +gift_cards +not in the spec/m);
  });

  it('sends each event, signed over its exact bytes with the service\'s headers, to a handler answering 200: exit 0, done', async () => {
    const handler = await startHandler(200);
    for (const { event, form, unknown } of await listed()) {
      const result = await trigger([event, '--form', form, '--to', handler.url, '--secret', secret, '--json']);
      expect(result.code, `${event} ${form}: ${result.stderr}`).toBe(0);
      const answer = JSON.parse(result.stdout) as Record<string, unknown>;
      expect(answer).toMatchObject({ event, form, unknownEvent: unknown, url: handler.url, status: 200, error: null, outcome: 'done', responseBody: '{"seen":true}' });
      const got = handler.received.at(-1)!;
      expect(got.signatureValid).toBe(true);
      expect(got.headers['x-service-event']).toBe(event);
      expect(got.headers['x-service-delivery']).toBe(answer.deliveryId);
      expect(got.headers['x-service-timestamp']).toMatch(/^\d{10}$/);
      expect(got.headers['user-agent']).toBe('Service-Webhooks/1.0');
      expect(got.headers['content-type']).toBe('application/json');
      const body = JSON.parse(got.body.toString('utf8')) as { event: string; payout_type?: string; data?: unknown };
      expect(body.event).toBe(event);
      if (form === 'crypto_form_b') expect(Object.keys(body)).toEqual(['event', 'payout_type', 'data']);
      if (form === 'gift_cards') expect(body.payout_type).toBe('gift_cards');
    }
  });

  it('two triggers of one event are two events, not copies: new identifiers each time', async () => {
    const handler = await startHandler(200);
    for (let i = 0; i < 2; i++) expect((await trigger(['payout.quote_created', '--to', handler.url, '--secret', secret])).code).toBe(0);
    const [a, b] = handler.received.map((r) => JSON.parse(r.body.toString('utf8')) as { external_send_id: string; payout_order_uuid: string });
    expect(a!.external_send_id).not.toBe(b!.external_send_id);
    expect(a!.payout_order_uuid).not.toBe(b!.payout_order_uuid);
  });

  it('a 500 is retried and a 400 abandoned, as spec 7 says: exit 1 for both; the secret from a file or the environment', async () => {
    const dir = tempDataDir();
    dirs.push(dir);
    writeFileSync(join(dir, 'secret.txt'), `${secret}\n`);
    const failing = await startHandler(500);
    const retried = await trigger(['payout.terminal_state', '--to', failing.url, '--secret-file', join(dir, 'secret.txt')]);
    expect(retried.code).toBe(1);
    expect(retried.stdout).toMatch(/^payout\.terminal_state \(crypto_form_a\) → http:\/\/127\.0\.0\.1:\d+\/webhooks {2}delivery [0-9a-f-]{36}$/m);
    expect(retried.stdout).toMatch(/^500 in \d+ ms: retried: the service would send it again later/m);
    expect(failing.received[0]!.signatureValid).toBe(true);

    const refusing = await startHandler(400);
    const abandoned = await trigger(['payout.processing', '--form', 'gift_cards', '--to', refusing.url, '--json'], { ...process.env, WEBHOOK_INSPECTOR_SECRET: secret });
    expect(abandoned.code).toBe(1);
    expect(JSON.parse(abandoned.stdout)).toMatchObject({ status: 400, outcome: 'abandoned' });
    expect(refusing.received[0]!.signatureValid).toBe(true);
    expect(abandoned.stdout + abandoned.stderr).not.toContain(secret);
  });

  it('no handler there: retried, exit 1', async () => {
    const gone = await startHandler(200);
    await gone.close();
    open.splice(open.indexOf(gone), 1);
    const result = await trigger(['payout.quote_created', '--to', gone.url, '--secret', secret, '--json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: null, outcome: 'retried', error: expect.stringContaining('ECONNREFUSED') });
  });

  it('a self-signed handler: refused with the remedy, sent with --insecure or its pinned --fingerprint', async () => {
    const certDir = tempDataDir();
    dirs.push(certDir);
    const certificate = await loadOrCreateCertificate(certDir);
    const handler = await startHandler(200, { cert: certificate.cert, key: certificate.key });
    const refused = await trigger(['payout.quote_created', '--to', handler.url, '--secret', secret]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('give --insecure, or --fingerprint');
    expect(handler.received).toHaveLength(0);
    expect((await trigger(['payout.quote_created', '--to', handler.url, '--secret', secret, '--insecure'])).code).toBe(0);
    expect((await trigger(['payout.quote_created', '--to', handler.url, '--secret', secret, '--fingerprint', certificate.fingerprint])).code).toBe(0);
    expect(handler.received).toHaveLength(2);
  });

  it('says what is missing: the secret, the form of an event sent in two, an event it does not know', async () => {
    const bare = { ...process.env };
    delete bare.WEBHOOK_INSPECTOR_SECRET;
    expect((await trigger(['payout.quote_created', '--to', 'http://127.0.0.1:9/'], bare)).stderr).toContain('give --secret, --secret-file or WEBHOOK_INSPECTOR_SECRET');
    expect((await trigger(['payout.processing', '--to', 'http://127.0.0.1:9/', '--secret', secret])).stderr).toContain('payout.processing has 2 forms: give --form crypto_form_b or gift_cards');
    const unknown = await trigger(['payout.nothing', '--to', 'http://127.0.0.1:9/', '--secret', secret]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no event "payout.nothing": trigger --list names them');
  });
});
