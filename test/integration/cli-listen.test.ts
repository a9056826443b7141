import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type Server } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { signBody } from '@webhook-inspector/service-signature';
import { loadOrCreateCertificate } from '../../src/main/core/receiver/tls';
import { builtCli } from '../support/cli-process';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { post } from '../support/https-client';
import { startTarget, type ReplayTarget } from '../support/replay-target';
import { tempDataDir } from '../support/temp-dir';
import { startTestRelay, type TestRelay } from '../support/test-relay';

const secret = 'whsec_cli_listen_0123456789abcdef';

/** A run of the built CLI, read as a CI script reads it: its output line by line, waited on, never slept on. */
interface Run {
  child: ChildProcessWithoutNullStreams;
  stdoutLines: string[];
  stderr(): string;
  exited: Promise<number | null>;
  /** Resolves once standard output holds `count` lines. */
  lines(count: number): Promise<string[]>;
  /** Resolves with the first line of standard error that starts with `prefix`. */
  stderrLine(prefix: string): Promise<string>;
}

const runs: Run[] = [];
const dirs: string[] = [];
const others: Array<{ close(): Promise<void> | void }> = [];

afterEach(async () => {
  for (const run of runs.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await run.exited;
  }
  for (const other of others.splice(0)) await other.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function runCli(args: string[], env: NodeJS.ProcessEnv = process.env): Run {
  if (!existsSync(builtCli)) throw new Error('out/main/cli.js is missing: run `npx electron-vite build` first');
  const child = spawn(process.execPath, [builtCli, ...args], { stdio: 'pipe', env });
  const stdoutLines: string[] = [];
  let partial = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop()!;
    stdoutLines.push(...parts);
    wake();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    wake();
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  void exited.then(wake);
  const waitFor = <T>(read: () => T | undefined, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const value = read();
        if (value !== undefined) {
          waiters.delete(check);
          resolve(value);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          waiters.delete(check);
          reject(new Error(`exited (${child.exitCode ?? child.signalCode}) before ${what}; stderr: ${stderr}; stdout: ${stdoutLines.join('\n')}`));
        }
      };
      waiters.add(check);
      check();
    });
  const run: Run = {
    child,
    stdoutLines,
    stderr: () => stderr,
    exited,
    lines: (count) => waitFor(() => (stdoutLines.length >= count ? stdoutLines.slice(0, count) : undefined), `${count} lines`),
    stderrLine: (prefix) => waitFor(() => stderr.split('\n').find((line) => line.startsWith(prefix)), `a line "${prefix}…"`),
  };
  runs.push(run);
  return run;
}

/** `listen` started on a data dir of its own, once it says it listens; its HTTPS receiver's URL. */
async function startListen(args: string[]): Promise<{ run: Run; receiver: string }> {
  const dataDir = tempDataDir();
  dirs.push(dataDir);
  const run = runCli(['listen', '--data-dir', dataDir, '--port', '0', '--secret', secret, ...args]);
  await run.stderrLine('Listening:');
  const receiver = (await run.stderrLine('Receiver (HTTPS):')).replace('Receiver (HTTPS):', '').trim();
  return { run, receiver };
}

async function handler(answer: (attempt: number) => number): Promise<ReplayTarget> {
  let attempt = 0;
  const target = await startTarget(() => ({ status: answer(++attempt), body: '{}' }));
  others.push(target);
  return target;
}

describe('webhook-inspector listen', () => {
  it('prints a line per delivery as it is stored, new then a copy, with the handler it forwards to and its answer; SIGINT exits 0', async () => {
    const target = await handler(() => 200);
    const { run, receiver } = await startListen(['--forward-to', `${target.url}/hooks/payouts`]);
    expect(run.stderr()).toContain(`Forwarding to: ${target.url}/hooks/payouts`);

    const body = giftCardBody();
    expect((await post(`${receiver}/webhooks`, body, serviceHeaders(body, secret))).status).toBe(200);
    const [first] = await run.lines(1);
    expect(first).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}#1 +POST \/webhooks {2}payout\.processing +gift_cards +signature valid +new +→ 200 in \d+ ms$/);

    // The same event again (a retry: the same bytes, its own X-Service-Delivery).
    expect((await post(`${receiver}/webhooks`, body, serviceHeaders(body, secret))).status).toBe(200);
    const [, second] = await run.lines(2);
    expect(second).toMatch(/#2 +POST \/webhooks {2}payout\.processing +gift_cards +signature valid +copy of #1 +→ 200 in \d+ ms$/);

    // The handler got both, byte for byte, with the service's signature, at the URL as given.
    const received = await target.received(2);
    expect(received.map((r) => r.url)).toEqual(['/hooks/payouts', '/hooks/payouts']);
    for (const request of received) {
      expect(request.body.equals(body)).toBe(true);
      expect(target.header(request, 'X-Service-Signature')).toBe(signBody(body, secret));
    }

    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(run.stderr()).toContain('SIGINT: closing');
    expect(run.stdoutLines.filter(Boolean)).toHaveLength(2);
  });

  it('--json: one object per delivery with stable fields, the handler\'s failure on its line, a bad signature said; SIGTERM exits 0', async () => {
    const target = await handler((attempt) => (attempt === 1 ? 200 : 503));
    const { run, receiver } = await startListen(['--json', '--forward-to', target.url, '--http-port', '0']);
    const body = giftCardBody();
    await post(`${receiver}/orders/7`, body, serviceHeaders(body, secret));
    await run.lines(1);
    await post(`${receiver}/orders/7`, body, serviceHeaders(body, 'not-the-secret'));
    const lines = (await run.lines(2)).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(lines[0]!)).toEqual([
      'id', 'receivedAt', 'method', 'path', 'event', 'payoutType', 'form', 'signature', 'copyOf', 'duplicateCount', 'idempotencyKey', 'answered', 'source', 'forward',
    ]);
    expect(lines[0]).toMatchObject({ id: 1, method: 'POST', path: '/orders/7', event: 'payout.processing', payoutType: 'gift_cards', form: 'gift_cards', signature: 'valid', copyOf: null, answered: 200, source: null });
    expect(lines[0]!.forward).toMatchObject({ url: `${target.url}/`, status: 200, error: null });
    expect(lines[1]).toMatchObject({ id: 2, signature: 'invalid', copyOf: 1, duplicateCount: 2 });
    expect(lines[1]!.forward).toMatchObject({ status: 503 });
    expect(await target.received(2)).toHaveLength(2);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('a request it does not forward (not a POST) is told at once, without waiting for a forward', async () => {
    const target = await handler(() => 200);
    const { run, receiver } = await startListen(['--forward-to', target.url]);
    expect((await post(`${receiver}/webhooks`, '', {}, 'GET')).status).toBe(405);
    const body = giftCardBody();
    await post(`${receiver}/webhooks`, body, serviceHeaders(body, secret));
    const [refused, forwarded] = await run.lines(2);
    expect(refused).toMatch(/#1 +GET \/webhooks .*→ not forwarded$/);
    expect(forwarded).toMatch(/#2 +POST \/webhooks .*new +→ 200 in \d+ ms$/);
    expect(target.requests).toHaveLength(1);
  });

  it('a handler that is not there: its error on the line', async () => {
    const closed = await handler(() => 200);
    const url = closed.url;
    await closed.close();
    const { run, receiver } = await startListen(['--forward-to', url]);
    const body = giftCardBody();
    expect((await post(`${receiver}/webhooks`, body, serviceHeaders(body, secret))).status).toBe(200);
    const [line] = await run.lines(1);
    expect(line).toMatch(/→ no answer after \d+ ms: .*ECONNREFUSED/);
  });

  it('a self-signed https handler: refused on the line with the flag to give, forwarded with --insecure', async () => {
    const certDir = tempDataDir();
    dirs.push(certDir);
    const { cert, key } = await loadOrCreateCertificate(certDir);
    const server = createHttpsServer({ cert, key }, (req, res) => req.resume().on('end', () => res.writeHead(204).end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    others.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    const url = `https://127.0.0.1:${(server.address() as { port: number }).port}/webhooks`;
    const body = giftCardBody();
    for (const [flags, expected] of [[[], /→ no answer after \d+ ms: .*To forward to it anyway, give --insecure\.$/], [['--insecure'], /→ 204 in \d+ ms$/]] as const) {
      const { run, receiver } = await startListen(['--forward-to', url, ...flags]);
      await post(`${receiver}/webhooks`, body, serviceHeaders(body, secret));
      expect((await run.lines(1))[0]).toMatch(expected);
      run.child.kill('SIGINT');
      expect(await run.exited).toBe(0);
    }
  });

  it('refuses to forward to its own receiver, before it listens', async () => {
    const busy = await occupiedPort();
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    // The receiver's own port: what it would forward would come back to it.
    const port = busy.port;
    await busy.close();
    const run = runCli(['listen', '--data-dir', dataDir, '--port', String(port), '--forward-to', `https://127.0.0.1:${port}/`]);
    expect(await run.exited).not.toBe(0);
    expect(run.stderr()).toMatch(/the target is this receiver/);
  });
});

/** A 127.0.0.1 port another program holds. */
async function occupiedPort(): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { port, close };
}

describe('a port already in use', () => {
  it.each([
    ['listen', ['listen']],
    ['serve', ['serve', '--no-simulator']],
  ])('%s names the port and the flag that changes it, in one line, and exits 1', async (_name, command) => {
    const busy = await occupiedPort();
    others.push(busy);
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const run = runCli([...command, '--data-dir', dataDir, '--port', String(busy.port)]);
    expect(await run.exited).toBe(1);
    const errors = run.stderr().split('\n').filter((line) => line.startsWith('webhook-inspector:'));
    expect(errors).toEqual([
      `webhook-inspector: port ${busy.port} is in use (the HTTPS receiver on 127.0.0.1:${busy.port}): give another with --port N, or --port 0 for a free one`,
    ]);
    expect(run.stderr()).not.toContain('EADDRINUSE');
  });

  it('the plain-HTTP port is named with --http-port', async () => {
    const busy = await occupiedPort();
    others.push(busy);
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const run = runCli(['listen', '--data-dir', dataDir, '--port', '0', '--http-port', String(busy.port)]);
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain(`port ${busy.port} is in use (the plain-HTTP receiver on 127.0.0.1:${busy.port}): give another with --http-port N`);
  });
});

describe('webhook-inspector listen --relay', () => {
  let relay: TestRelay | null = null;
  afterAll(async () => {
    await relay?.stop();
  });

  it('prints the deliveries it pulls from a relay, with the token from the environment, and forwards them', async () => {
    relay = await startTestRelay();
    const token = await relay.createChannel('listen');
    const target = await handler(() => 200);
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const args = ['listen', '--data-dir', dataDir, '--port', '0', '--secret', secret, '--relay', relay.url, '--relay-fingerprint', relay.fingerprint];
    const run = runCli([...args, '--forward-to', target.url, '--json'], { ...process.env, WEBHOOK_INSPECTOR_RELAY_TOKEN: token });
    await run.stderrLine('Listening:');
    expect(run.stderr()).toContain(`Pulling from relay: ${relay.url}`);
    expect(run.child.spawnargs.join(' ')).not.toContain(token);

    const body = giftCardBody();
    expect(await relay.deliver('/c/listen/webhooks', body, serviceHeaders(body, secret))).toBe(200);
    const [line] = await run.lines(1);
    const host = new URL(relay.url).host;
    expect(JSON.parse(line!)).toMatchObject({ id: 1, path: '/c/listen/webhooks', event: 'payout.processing', signature: 'valid', copyOf: null, source: `relay:${host}`, forward: { status: 200 } });
    const [forwarded] = await target.received(1);
    expect(forwarded!.body.equals(body)).toBe(true);
    expect(target.header(forwarded!, 'X-Service-Signature')).toBe(signBody(body, secret));

    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });

  it('without the token in the environment, says where to give it', async () => {
    const bare = { ...process.env };
    delete bare.WEBHOOK_INSPECTOR_RELAY_TOKEN;
    const run = runCli(['listen', '--port', '0', '--relay', 'https://relay.example.com'], bare);
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain("give the relay channel's pull token in WEBHOOK_INSPECTOR_RELAY_TOKEN");
  });
});
