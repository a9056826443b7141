import { execFile, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiWebhookAttempt } from 'payout-simulator';
import { spawnProgram, type ServeProcess } from '../support/cli-process';
import { tempDataDir } from '../support/temp-dir';
import { until } from '../support/until';

/**
 * payout-simulator as a CI job uses it: the built program started next to a handler on 127.0.0.1, its orders
 * created through its API, then waited on the way a script would: its attempts endpoint until "delivered", or the
 * line it prints for each attempt. No sleep: every wait is for a state, with a generous deadline.
 */
const run = promisify(execFile);
const root = resolve(__dirname, '../..');
const bin = join(root, 'packages/payout-simulator/bin/payout-simulator.js');
const token = 'sim_token_for_ci';

interface Arrival {
  event: string;
  deliveryId: string;
}

interface Handler {
  url: () => string;
  arrivals: Arrival[];
  close(): Promise<void>;
}

function answer(arrivals: Arrival[]) {
  return (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      arrivals.push({ event: String(req.headers['x-service-event']), deliveryId: String(req.headers['x-service-delivery']) });
      res.writeHead(200).end();
    });
  };
}

async function listening(server: Server, scheme: string, arrivals: Arrival[]): Promise<Handler> {
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: () => `${scheme}://127.0.0.1:${port}/webhooks`,
    arrivals,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

function plainHandler(): Promise<Handler> {
  const arrivals: Arrival[] = [];
  return listening(createHttpServer(answer(arrivals)), 'http', arrivals);
}

interface Certificate {
  cert: string;
  key: string;
  fingerprint: string;
}

async function certificate(names: { dns?: string; ip?: string }, validity: { from: Date; to: Date }): Promise<Certificate> {
  const pems = await generate([{ name: 'commonName', value: 'handler under test' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: validity.from,
    notAfterDate: validity.to,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [...(names.dns ? [{ type: 2 as const, value: names.dns }] : []), ...(names.ip ? [{ type: 7 as const, ip: names.ip }] : [])] },
    ],
  });
  return { cert: pems.cert, key: pems.private, fingerprint: new X509Certificate(pems.cert).fingerprint256 };
}

function httpsHandler(certificate: Certificate): Promise<Handler> {
  const arrivals: Arrival[] = [];
  return listening(createHttpsServer({ cert: certificate.cert, key: certificate.key }, answer(arrivals)), 'https', arrivals);
}

/** The program, started as a CI script would, waited on until it printed its API URL. */
function startSimulator(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  return spawnProgram(process.execPath, [bin, '--port', '0', '--token', token, '--seed', '42', '--time-scale', '600', ...args], 'Seed', { ...process.env, ...env });
}

/** The same with --json: its start and each attempt one JSON object a line on stdout. */
async function startJsonSimulator(args: string[]) {
  const child = spawn(process.execPath, [bin, '--json', '--port', '0', '--token', token, '--seed', '42', '--time-scale', '600', ...args], { stdio: 'pipe' });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const objects = () => text.split('\n').filter((line) => line.endsWith('}')).map((line) => JSON.parse(line) as Record<string, unknown>);
  const started = await until(async () => objects().find((o) => o.type === 'started'), (found) => found !== undefined || child.exitCode !== null);
  expect(started).toMatchObject({ type: 'started', seed: 42, api_token: null });
  return { child, exited, objects, apiUrl: started!.api_url as string };
}

function api(base: string) {
  const call = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { ...init, headers: { 'X-Api-Token': token, 'Content-Type': 'application/json' } });
  return {
    call,
    async createOrder(callbackUrl: string): Promise<string> {
      const campaigns = (await (await call('/api/campaigns?limit=20')).json()) as Array<{ uuid: string; status: string; payout_type: string; wallet_currency: string }>;
      const campaign = campaigns.find((c) => c.status === 'active' && c.payout_type === 'crypto')!;
      const created = await call('/api/payout-orders', {
        method: 'POST',
        body: JSON.stringify({
          campaign_id: campaign.uuid,
          wallet_currency: campaign.wallet_currency,
          callback_url: callbackUrl,
          recipients: [{ email: 'ada@example.com', name: 'Ada', amount: '12.50', scenario: 'crypto_same_currency_completed' }],
        }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      return ((await created.json()) as { uuid: string }).uuid;
    },
    /** One page of GET /api/webhook-attempts, with its headers. */
    async attempts(query: string): Promise<{ status: number; items: ApiWebhookAttempt[]; totalCount: string | null }> {
      const response = await call(`/api/webhook-attempts?${query}`);
      return { status: response.status, items: (await response.json()) as ApiWebhookAttempt[], totalCount: response.headers.get('total-count') };
    },
  };
}

/** What the program printed on stdout so far, line by line. */
function printedLines(simulator: ServeProcess): () => string[] {
  let text = '';
  simulator.child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return () => text.split('\n').filter((line) => line !== '');
}

async function stop(simulator: ServeProcess): Promise<void> {
  simulator.child.kill('SIGTERM');
  expect(await simulator.exited).toBe(0);
}

const running: ServeProcess[] = [];
const handlers: Handler[] = [];
let dir: string;

beforeAll(async () => {
  await run('npm', ['run', 'build', '-w', 'payout-simulator', '-w', 'webhook-inspector-relay'], { cwd: root });
  dir = tempDataDir();
}, 120_000);

afterAll(async () => {
  for (const simulator of running) if (simulator.child.exitCode === null) simulator.child.kill('SIGKILL');
  await Promise.all(handlers.map((h) => h.close()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('payout-simulator as a CI fake', () => {
  it('a plain-HTTP handler (--allow-http): the attempts endpoint is awaited until delivered, and each attempt is a line', { timeout: 90_000 }, async () => {
    const handler = await plainHandler();
    handlers.push(handler);
    const simulator = await startSimulator(['--allow-http']);
    running.push(simulator);
    const lines = printedLines(simulator);
    const service = api(simulator.lines['Simulator API']!);
    const order = await service.createOrder(handler.url());

    // As a CI script would: wait on the endpoint for the order's last event, delivered.
    const delivered = await until(
      () => service.attempts(`order=${order}&event=payout.terminal_state&status=delivered`),
      (page) => page.items.length > 0,
    );
    expect(delivered.status).toBe(200);
    expect(delivered.items[0]).toMatchObject({ order_uuid: order, event: 'payout.terminal_state', attempt: 1, max_attempts: 8, status: 'delivered', status_code: 200, error: null });
    const arrived = handler.arrivals.find((a) => a.deliveryId === delivered.items[0]!.delivery_id);
    expect(arrived?.event).toBe('payout.terminal_state');

    // Every attempt the endpoint lists arrived, and none is pending once the handler took them all.
    const settled = await until(
      () => service.attempts(`order=${order}&status=pending`),
      (page) => page.items.length === 0,
    );
    expect(settled.totalCount).toBe('0');
    const all = await service.attempts(`order=${order}&limit=20`);
    expect(all.items.length).toBeGreaterThanOrEqual(3);
    expect(all.items.every((a) => a.status === 'delivered' && handler.arrivals.some((h) => h.deliveryId === a.delivery_id))).toBe(true);

    // The same attempts, one line each on stdout: event, target, attempt n of 8, status.
    const printed = await until(
      async () => lines().filter((line) => line.includes(order)),
      (found) => found.length >= all.items.length,
    );
    const terminalLine = printed.find((line) => line.includes(' payout.terminal_state '));
    expect(terminalLine).toMatch(new RegExp(`^\\S+Z payout\\.terminal_state \\(webhook \\d+, order ${order}\\) → ${handler.url().replaceAll('.', '\\.')}: attempt 1 of 8: 200 in \\d+ ms, delivered$`));

    // The endpoint's filters and pages are the service's own.
    expect((await service.attempts('status=nope')).status).toBe(400);
    const firstPage = await service.attempts(`order=${order}&limit=1`);
    expect([firstPage.items.length, firstPage.totalCount]).toEqual([1, String(all.items.length)]);
    expect((await service.attempts(`order=${order}&page=99`)).status).toBe(400);
    expect((await fetch(`${simulator.lines['Simulator API']}/api/webhook-attempts`)).status).toBe(401);
    await stop(simulator);
  });

  it('a handler whose certificate is refused: its line names the cause and the flag that trusts it, which then delivers', { timeout: 90_000 }, async () => {
    const now = Date.now();
    const year = 365 * 86_400_000;
    const selfSigned = await certificate({ ip: '127.0.0.1' }, { from: new Date(now - 60_000), to: new Date(now + year) });
    const otherName = await certificate({ dns: 'handler.example' }, { from: new Date(now - 60_000), to: new Date(now + year) });
    const expired = await certificate({ ip: '127.0.0.1' }, { from: new Date(now - 2 * year), to: new Date(now - year) });
    const handlerOf = { selfSigned: await httpsHandler(selfSigned), otherName: await httpsHandler(otherName), expired: await httpsHandler(expired) };
    handlers.push(...Object.values(handlerOf));
    // The machine trusts the last two (as an operator's private CA would be): what is left wrong is the name, the date.
    const trusted = join(dir, 'trusted.pem');
    writeFileSync(trusted, `${otherName.cert.trim()}\n${expired.cert.trim()}\n`);

    const simulator = await startSimulator([], { NODE_EXTRA_CA_CERTS: trusted });
    running.push(simulator);
    const lines = printedLines(simulator);
    const service = api(simulator.lines['Simulator API']!);
    const orders = {
      selfSigned: await service.createOrder(handlerOf.selfSigned.url()),
      otherName: await service.createOrder(handlerOf.otherName.url()),
      expired: await service.createOrder(handlerOf.expired.url()),
    };
    const refusalOf = async (order: string) =>
      (await until(async () => lines().find((line) => line.includes(order) && line.includes('attempt 1 of 8: failed')), (line) => line !== undefined))!;

    const selfSignedLine = await refusalOf(orders.selfSigned);
    expect(selfSignedLine).toContain(`→ ${handlerOf.selfSigned.url()}: attempt 1 of 8: failed: The target's certificate is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT)`);
    expect(selfSignedLine).toContain(`To trust it: --trust-fingerprint ${selfSigned.fingerprint}, or NODE_EXTRA_CA_CERTS=<its PEM file>, or --insecure`);
    expect(selfSignedLine).toMatch(/; next try at \S+Z \(in [\d.]+ s\)$/);
    expect(await refusalOf(orders.otherName)).toContain(
      `certificate is issued for another host name than the target's (ERR_TLS_CERT_ALTNAME_INVALID), SHA-256 fingerprint ${otherName.fingerprint}. Give callback_url a host name the certificate names, or trust it as it is: --trust-fingerprint ${otherName.fingerprint}, or --insecure`,
    );
    expect(await refusalOf(orders.expired)).toContain(`certificate is expired (CERT_HAS_EXPIRED), SHA-256 fingerprint ${expired.fingerprint}. Renew the handler's certificate`);
    for (const handler of Object.values(handlerOf)) expect(handler.arrivals).toEqual([]);

    // The endpoint says the same: failed, with the cause, and the webhook still pending (it is retried).
    const failed = await service.attempts(`order=${orders.selfSigned}&status=failed&limit=1`);
    expect(failed.items[0]).toMatchObject({ status: 'failed', status_code: null, error_code: 'DEPTH_ZERO_SELF_SIGNED_CERT', webhook_status: 'pending' });
    expect(failed.items[0]!.next_attempt_at).not.toBeNull();
    await stop(simulator);

    // The remedy the line gave, as given: the handler's webhooks are delivered; with --json, each attempt an object.
    const trusting = await startJsonSimulator(['--trust-fingerprint', selfSigned.fingerprint]);
    const again = api(trusting.apiUrl);
    try {
      const order = await again.createOrder(handlerOf.selfSigned.url());
      const delivered = await until(
        () => again.attempts(`order=${order}&event=payout.terminal_state&status=delivered`),
        (page) => page.items.length > 0,
      );
      expect(delivered.items).toHaveLength(1);
      expect(handlerOf.selfSigned.arrivals.some((a) => a.deliveryId === delivered.items[0]!.delivery_id)).toBe(true);
      const printed = await until(
        async () => trusting.objects().find((o) => o.type === 'attempt' && o.delivery_id === delivered.items[0]!.delivery_id),
        (found) => found !== undefined,
      );
      expect(printed).toEqual({ type: 'attempt', ...delivered.items[0] });
    } finally {
      trusting.child.kill('SIGTERM');
      expect(await trusting.exited).toBe(0);
    }
  });
});

/** Whether something accepts connections on the port (127.0.0.1). */
function accepts(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });
}

/** `npx <bin> --help` run in a folder, as its README says: exit 0 and its usage. */
async function npxHelp(cwd: string, program: string): Promise<string> {
  const { stdout } = await run('npx', ['--no-install', program, '--help'], { cwd, timeout: 60_000 });
  return stdout;
}

/** Started through npx in a folder, then npx (not the program) sent SIGTERM, as a CI runner ends a step's process. */
async function sigtermThroughNpx(cwd: string): Promise<void> {
  const npx = await spawnProgram('sh', ['-c', `cd "$1" && exec npx --no-install payout-simulator --port 0 --token ${token}`, 'sh', cwd], 'Seed');
  const port = Number(new URL(npx.lines['Simulator API']!).port);
  expect(await accepts(port)).toBe(true);
  npx.child.kill('SIGTERM');
  await npx.exited;
  const free = await until(() => accepts(port).then((open) => !open), (isFree) => isFree);
  expect(free, `port ${port} still held after SIGTERM to npx: ${npx.stderr()}`).toBe(true);
  // The program's own stdout closes only when it exits: its last writer gone.
  await until(async () => npx.child.stdout.readableEnded, (ended) => ended);
  expect(npx.child.stdout.readableEnded).toBe(true);
}

describe("payout-simulator's and the relay's bins, by npx", () => {
  it('inside the clone: --help exits 0, and SIGTERM to npx closes the simulator and frees its port', { timeout: 120_000 }, async () => {
    expect(await npxHelp(root, 'payout-simulator')).toMatch(/^Usage:\n {2}payout-simulator \[--port N\]/);
    expect(await npxHelp(root, 'webhook-inspector-relay')).toMatch(/^Usage:\n {2}webhook-inspector-relay /);
    await sigtermThroughNpx(root);
  });

  it('from their packed tarballs, installed into an empty folder: the same', { timeout: 300_000 }, async () => {
    const packDir = join(dir, 'packed');
    const installDir = join(dir, 'installed');
    await run('mkdir', ['-p', packDir, installDir]);
    const { stdout: packed } = await run('npm', ['pack', '-w', 'payout-simulator', '-w', 'webhook-inspector-relay', '--pack-destination', packDir, '--json'], {
      cwd: root,
      maxBuffer: 16 * 2 ** 20,
      timeout: 120_000,
    });
    const tarballs = (JSON.parse(packed.slice(packed.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string; mode: number }> }>).map((t) => {
      expect(t.files.map((f) => f.path)).toEqual(expect.arrayContaining([expect.stringMatching(/^bin\/.+\.js$/)]));
      return join(packDir, t.filename);
    });
    expect(tarballs).toHaveLength(2);
    writeFileSync(join(installDir, 'package.json'), '{"private": true}\n');
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...tarballs], { cwd: installDir, timeout: 120_000 });

    expect(await npxHelp(installDir, 'payout-simulator')).toMatch(/^Usage:\n {2}payout-simulator \[--port N\]/);
    expect(await npxHelp(installDir, 'webhook-inspector-relay')).toMatch(/^Usage:\n {2}webhook-inspector-relay /);
    await sigtermThroughNpx(installDir);
  });
});
