import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody, verifySignature } from '../../src/main/core/analysis/signature';
import { demoPayoutOrderRequests, SimAccount, startSimulator, type Simulator } from 'payout-simulator';
import type { CallInput, CallName, CallOutput } from '../../src/shared/contract';
import { bodyText, giftCardRecipientBody, signedDelivery } from '../fixtures/payloads';
import { builtCli } from '../support/cli-process';
import { post } from '../support/https-client';
import { startTarget, type ReplayTarget } from '../support/replay-target';
import { until } from '../support/until';

/*
 * DESIGN 5: "The API token and signing secret never appear in logs, exports or fixtures."
 *
 * One full run, as a user would do it, with a distinctive API token and signing secret set through the
 * user's own paths (Settings calls, "Fetch signing secret", --secret / --secret-file), then a byte search
 * over everything the product wrote or said: every file under the data dirs and export folders (the
 * SQLite file, its -wal and -shm included, copied while the server still ran), the server's stdout and
 * stderr, every CLI command's output, every control-call answer (errors included), the server-sent
 * event stream, the answers to our own posts, and every request the user's handler received from
 * replays and forwarding. The secrets are searched raw, upper- and lower-cased, URL-encoded, hex and
 * base64 / base64url (at every byte alignment).
 */

// ---------- the secrets: each has a random core, so nothing else can match it by chance ----------

const core = () => randomBytes(12).toString('hex');
const tokenCore = core();
const secretCore = core();
const wrongTokenCore = core();
// '+', '/' and '=' make the URL-encoded and base64 forms differ from the raw text.
const apiToken = `tok+${tokenCore}/api=`;
const signingSecret = `whsec+${secretCore}/sig=`;
/** A token the user typed first and replaced: the service refuses it (401). It must not linger anywhere. */
const wrongToken = `tok+${wrongTokenCore}/old=`;
/** The secret the user's own handler checks, for re-signed fixtures: by design it goes into their manifest. */
const handlerTestSecret = 'whsec_handler_test_secret_for_fixtures';

interface Needle {
  label: string;
  bytes: Buffer;
}

/** Every form in which `value` could be written: the texts to look for. */
function needlesFor(name: string, value: string): Needle[] {
  const forms = new Map<string, string>();
  const add = (form: string, text: string) => {
    if (text.length >= 12 && ![...forms.values()].includes(text)) forms.set(form, text);
  };
  const raw = Buffer.from(value, 'utf8');
  add('raw', value);
  add('upper-case', value.toUpperCase());
  add('lower-case', value.toLowerCase());
  add('URL-encoded', encodeURIComponent(value));
  add('URL-encoded (lower-case hex)', encodeURIComponent(value).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()));
  add('hex', raw.toString('hex'));
  add('HEX', raw.toString('hex').toUpperCase());
  // Base64 encodes 3 bytes at a time: the value inside a longer text starts at one of 3 alignments.
  for (let shift = 0; shift < 3; shift++) {
    const part = raw.subarray(shift);
    const whole = part.subarray(0, Math.floor(part.length / 3) * 3);
    add(`base64 (+${shift})`, whole.toString('base64'));
    add(`base64url (+${shift})`, whole.toString('base64url'));
  }
  return [...forms].map(([form, text]) => ({ label: `${name}, ${form}`, bytes: Buffer.from(text, 'utf8') }));
}

/** The whole value and its random core (a partial leak shows the core). */
function needlesOf(name: string, value: string, randomCore: string): Needle[] {
  return [...needlesFor(name, value), ...needlesFor(`${name} (core)`, randomCore)];
}

const secretNeedles = needlesOf('signing secret', signingSecret, secretCore);
const tokenNeedles = needlesOf('API token', apiToken, tokenCore);
const wrongTokenNeedles = needlesOf('replaced API token', wrongToken, wrongTokenCore);

/** Shown instead of the secrets when naming a command or a call in a report. */
function placeholders(text: string): string {
  return text
    .replaceAll(signingSecret, '<signing secret>')
    .replaceAll(apiToken, '<API token>')
    .replaceAll(wrongToken, '<replaced API token>');
}

// ---------- what was written or said ----------

interface Written {
  /** A file path (relative to the run's folder), or what produced the text. */
  where: string;
  bytes: Buffer;
  isFile: boolean;
}

const said: Written[] = [];
const say = (where: string, text: string | Buffer) =>
  said.push({ where: placeholders(where), bytes: Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), isFile: false });

function filesUnder(dir: string, root: string): Written[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, root);
    if (!entry.isFile()) return [];
    return [{ where: relative(root, path), bytes: readFileSync(path), isFile: true }];
  });
}

function hitsIn(items: Written[], needles: Needle[]): Array<{ where: string; label: string }> {
  return items.flatMap((item) => needles.filter((n) => item.bytes.includes(n.bytes)).map((n) => ({ where: item.where, label: n.label })));
}

const wheres = (hits: Array<{ where: string }>) => [...new Set(hits.map((h) => h.where))].sort();

// ---------- processes and servers ----------

interface Served {
  child: ChildProcessWithoutNullStreams;
  lines: Record<string, string>;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** The built CLI's `serve`, everything it prints kept (its log goes to stderr). */
async function startServe(args: string[]): Promise<Served> {
  const child = spawn(process.execPath, [builtCli, 'serve', ...args], { stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  const lines: Record<string, string> = {};
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  await new Promise<void>((ready, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      for (const line of stdout.split('\n')) {
        const match = /^([^:]+):\s+(.*)$/.exec(line.trim());
        if (match) lines[match[1]!] = match[2]!;
      }
      if (lines.UI) ready();
    });
    void exited.then((code) => fail(new Error(`serve exited (${code}) before starting: ${stderr}`)));
  });
  return { child, lines, stdout: () => stdout, stderr: () => stderr, exited };
}

async function stopServe(served: Served, name: string): Promise<void> {
  served.child.kill('SIGTERM');
  expect(await served.exited, `${name} exit code`).toBe(0);
  say(`${name} stdout`, served.stdout());
  say(`${name} stderr`, served.stderr());
}

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** One CLI command; its output goes into what is searched. */
function cli(...args: string[]): Promise<CliRun> {
  return new Promise((done) => {
    execFile(process.execPath, [builtCli, ...args], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? ((error as { code?: unknown }).code as number) : 0;
      say(`webhook-inspector ${args.join(' ')} (stdout)`, stdout);
      say(`webhook-inspector ${args.join(' ')} (stderr)`, stderr);
      done({ code, stdout, stderr });
    });
  });
}

/** The control calls, as the UI makes them; every answer (failures included) goes into what is searched. */
function controlClient(uiUrl: string) {
  const url = new URL(uiUrl);
  const token = url.searchParams.get('token')!;
  const raw = async (name: string, input: unknown): Promise<{ status: number; text: string }> => {
    const res = await fetch(`${url.origin}/rpc/${name}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
    const text = await res.text();
    say(`control call ${name} (answered ${res.status})`, text);
    return { status: res.status, text };
  };
  return {
    raw,
    async ok<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
      const { status, text } = await raw(name, input);
      if (status !== 200) throw new Error(`${name}: ${status} ${placeholders(text)}`);
      return JSON.parse(text) as CallOutput<N>;
    },
    /** A call that must fail with `status`; returns its error message (and issues). */
    async fails(name: CallName, input: unknown, status: number): Promise<string> {
      const answer = await raw(name, input);
      expect(answer.status, `${name} should fail: ${placeholders(answer.text)}`).toBe(status);
      const body = JSON.parse(answer.text) as { error: string; issues?: string[] };
      return [body.error, ...(body.issues ?? [])].join('\n');
    },
    /** The server-sent event stream, raw, until stopped (or the server goes away). */
    async events(): Promise<{ stop(): Promise<void> }> {
      const abort = new AbortController();
      const res = await fetch(`${url.origin}/events`, { headers: { Authorization: `Bearer ${token}` }, signal: abort.signal });
      const reader = res.body!.getReader();
      const chunks: Buffer[] = [];
      const reading = (async () => {
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
          if (done) return;
          chunks.push(Buffer.from(value));
        }
      })();
      return {
        async stop() {
          abort.abort();
          await reading;
          say('server-sent events', Buffer.concat(chunks));
        },
      };
    },
  };
}

function listen(server: Server): Promise<string> {
  return new Promise((ready) => server.listen(0, '127.0.0.1', () => ready(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function close(server: Server): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}

/**
 * A service that echoes the token it was sent: in its 401 message for a token it refuses, and (for
 * the right token) in a list record, a pagination header and a 422's errors. The inspector promises
 * to cut the token out of any text a service sends back.
 */
async function startEchoingService(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    const given = String(req.headers['x-api-token'] ?? '');
    const path = new URL(req.url ?? '/', 'http://service.invalid').pathname;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (given !== apiToken) return send(401, { message: `Invalid API token: ${given}`, status: 'error' });
    if (req.method === 'GET' && path === '/api/orders') {
      return send(200, [{ uuid: 'order-1', note: `listed for ${given}` }], {
        'current-page': '1',
        'page-items': '1',
        'total-count': '1',
        'total-pages': given,
      });
    }
    if (req.method === 'POST' && path === '/api/payout-orders') {
      return send(422, { message: `Invalid payout order for ${given}`, status: 'error', errors: [{ field: 'token', message: given }] });
    }
    send(404, { message: `Nothing at ${path} for ${given}`, status: 'error' });
  });
  return { url: await listen(server), server };
}

/**
 * A URL whose port is held by a server that resets every connection: replays to it fail. A port merely
 * closed again could be taken by another test's server while this run goes on, and answer.
 */
async function deadUrl(): Promise<{ url: string; server: NetServer }> {
  const server = createNetServer((socket) => socket.resetAndDestroy());
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gone`, server };
}

// ---------- the run ----------

describe('secrets at rest', () => {
  let root: string;
  let dataDir: string;
  /** Files the user wrote and handed to the CLI (--secret-file, verify's body): the user's own, not searched. */
  let userDir: string;
  let sink: ReplayTarget;
  let service: Simulator | null = null;
  let echoing: Server | null = null;
  let resetting: NetServer | null = null;
  let serving: Served | null = null;
  /** The data dir's files copied while the server ran: the SQLite -wal and -shm exist only then. */
  let whileRunning: Written[] = [];
  let afterwards: Written[] = [];
  let runMs = 0;

  const facts = {
    validFromService: 0,
    invalidFromSimulator: 0,
    refusedTokenMessages: [] as string[],
    echoedTokenAnswers: [] as string[],
    replayErrors: [] as string[],
    cliFailures: [] as string[],
  };

  beforeAll(async () => {
    const started = Date.now();
    root = mkdtempSync(join(tmpdir(), 'inspector-secrets-'));
    dataDir = join(root, 'data');
    userDir = join(root, 'user');
    const exportsDir = join(root, 'exports');
    mkdirSync(userDir);
    mkdirSync(exportsDir);
    const secretFile = join(userDir, 'signing-secret.txt');
    writeFileSync(secretFile, `${signingSecret}\n`, { mode: 0o600 });

    sink = await startTarget();
    const deadEnd = await deadUrl();
    resetting = deadEnd.server;
    const dead = deadEnd.url;
    const echo = await startEchoingService();
    echoing = echo.server;

    // ---- serve, with the embedded simulator (the default) ----
    serving = await startServe(['--data-dir', dataDir, '--port', '0', '--http-port', '0', '--ui-port', '0']);
    const receiverHttps = serving.lines['Receiver (HTTPS)']!;
    const receiverHttp = serving.lines['Receiver (HTTP)']!;
    const fingerprint = serving.lines['Certificate SHA-256']!;
    const rpc = controlClient(serving.lines.UI!);
    const events = await rpc.events();

    expect((await rpc.ok('status.get', {})).secret.storage).toBe('simulator');
    await rpc.ok('simulator.createDemoOrder', {});
    await until(
      () => rpc.ok('deliveries.list', { filter: { path: '/webhooks/demo' }, limit: 1 }),
      (list) => list.total >= 3,
    );

    // Settings → signing secret: the simulator's deliveries no longer verify.
    await rpc.ok('settings.setSecret', { secret: signingSecret });
    const demo = await rpc.ok('deliveries.list', { filter: { path: '/webhooks/demo' }, limit: 500 });
    facts.invalidFromSimulator = demo.items.filter((d) => d.signature === 'invalid').length;

    // Settings → Service: a real service, first with a token it refuses, then with the right one.
    await rpc.ok('settings.setService', { connection: { mode: 'service', baseUrl: echo.url }, apiToken: wrongToken });
    facts.refusedTokenMessages.push(
      await rpc.fails('api.listPage', { endpoint: '/api/orders', page: 1, limit: 10 }, 502),
      await rpc.fails('api.fetchSigningSecret', {}, 502),
    );
    // A 4xx to a payout order is shown to the user as the service gave it (with the token cut out).
    const refusedOrder = await rpc.ok('api.createPayoutOrder', { campaign_id: 'c', wallet_currency: 'USDC', recipients: [{ email: 'a@example.com' }] });
    expect(refusedOrder.status).toBe(401);
    facts.echoedTokenAnswers.push(JSON.stringify(refusedOrder.body));
    const refusedJob = await rpc.ok('api.fetchAll.start', { endpoint: '/api/campaigns', limit: 20 });
    const refused = await until(
      () => rpc.ok('api.fetchAll.items', { jobId: refusedJob.jobId }),
      (r) => r.job.state !== 'running',
    );
    facts.refusedTokenMessages.push(refused.job.error ?? '(no error)');

    await rpc.ok('settings.setService', { connection: { mode: 'service', baseUrl: echo.url }, apiToken });
    const echoedPage = await rpc.ok('api.listPage', { endpoint: '/api/orders', page: 1, limit: 10, refresh: true });
    const echoedOrder = await rpc.ok('api.createPayoutOrder', { campaign_id: 'c', wallet_currency: 'USDC', recipients: [{ email: 'a@example.com' }] });
    expect(echoedOrder.status).toBe(422);
    facts.echoedTokenAnswers.push(JSON.stringify(echoedPage), JSON.stringify(echoedOrder.body));

    // The payout service itself (a simulator of it, with the user's account), reachable with that token.
    service = await startSimulator({
      account: new SimAccount(apiToken, signingSecret),
      seed: 20_260_301,
      timeScale: 3600,
      trustedFingerprint: fingerprint,
    });
    await rpc.ok('settings.setService', { connection: { mode: 'service', baseUrl: service.apiUrl } });
    await rpc.ok('api.fetchSigningSecret', {});
    for (const endpoint of ['/api/campaigns', '/api/orders', '/api/payouts', '/api/payout-orders'] as const) {
      await rpc.ok('api.listPage', { endpoint, page: 1, limit: 10 });
    }
    const job = await rpc.ok('api.fetchAll.start', { endpoint: '/api/campaigns', limit: 20 });
    const fetched = await until(
      () => rpc.ok('api.fetchAll.items', { jobId: job.jobId }),
      (r) => r.job.state !== 'running',
    );
    expect(fetched.job.state).toBe('done');
    for (const order of demoPayoutOrderRequests(service.world, `${receiverHttps}/webhooks/run`)) {
      expect((await rpc.ok('api.createPayoutOrder', { ...order, callback_url: order.callback_url ?? undefined })).status).toBe(201);
    }
    const dispatched = await until(
      async () => service!.dispatcher.state().counts,
      (counts) => counts.pending === 0,
    );
    expect(dispatched.pending).toBe(0);
    const fromService = await until(
      () => rpc.ok('deliveries.list', { filter: { path: '/webhooks/run' }, limit: 500 }),
      (list) => list.total >= dispatched.delivered,
    );
    facts.validFromService = fromService.items.filter((d) => d.signature === 'valid').length;

    // Deliveries whose signatures do not hold, over HTTPS and plain HTTP.
    const wrong = signedDelivery(giftCardRecipientBody(), 'a key that is not the secret');
    const malformed = signedDelivery(giftCardRecipientBody({ recipient_email: 'ada@example.com' }), signingSecret);
    malformed.headers['X-Service-Signature'] = 'sha256=not-hex';
    const overTls = await post(`${receiverHttps}/webhooks/bad`, wrong.body, wrong.headers);
    say('receiver answer over HTTPS', `${overTls.status} ${JSON.stringify(overTls.headers)} ${overTls.body}`);
    const plain = await fetch(`${receiverHttp}/webhooks/bad`, { method: 'POST', headers: malformed.headers, body: malformed.body });
    say('receiver answer over HTTP', `${plain.status} ${JSON.stringify([...plain.headers])} ${await plain.text()}`);

    // Everything the UI reads.
    const all = await rpc.ok('deliveries.list', { filter: {}, limit: 500 });
    for (const item of all.items) await rpc.ok('deliveries.get', { id: item.id });
    await rpc.ok('duplicates.list', { limit: 200 });
    const lifecycles = await rpc.ok('lifecycles.list', { filter: {}, limit: 500 });
    for (const item of lifecycles.items.slice(0, 5)) await rpc.ok('lifecycles.get', { key: item.key });
    await rpc.ok('orders.list', { limit: 100 });
    await rpc.ok('status.get', {});

    // Replays to the user's handler, to a dead URL, re-signed with the real secret.
    const valid = fromService.items.find((d) => d.signature === 'valid')!;
    const detail = await rpc.ok('deliveries.get', { id: valid.id });
    await rpc.ok('replay.send', { deliveryId: valid.id, url: `${sink.url}/keep` });
    await rpc.ok('replay.send', { deliveryId: valid.id, url: `${sink.url}/resigned`, signing: { mode: 'resign', secret: signingSecret } });
    await rpc.ok('replay.send', { deliveryId: valid.id, url: `${sink.url}/wrong`, signing: { mode: 'wrong' } });
    for (const signing of [{ mode: 'keep' as const }, { mode: 'resign' as const, secret: signingSecret }]) {
      const failed = await rpc.ok('replay.send', { deliveryId: valid.id, url: dead, signing });
      facts.replayErrors.push(failed.error ?? '(no error)');
    }
    if (detail.lifecycleKey) {
      await rpc.ok('replay.many', {
        selection: { lifecycleKey: detail.lifecycleKey },
        url: `${sink.url}/many`,
        signing: { mode: 'resign', secret: signingSecret },
        order: 'event_time',
      });
    }
    await rpc.ok('replay.list', { deliveryId: valid.id });

    // Live forwarding to the handler.
    await rpc.ok('forward.set', { enabled: true, target: `${sink.url}/forwarded`, pathRewrite: null, mirrorStatus: false, allowSelfSigned: false });
    const forwardedBefore = sink.requests.length;
    const live = signedDelivery(giftCardRecipientBody({ recipient_email: 'grace@example.com' }), signingSecret);
    await post(`${receiverHttps}/webhooks/live`, live.body, live.headers);
    await sink.received(forwardedBefore + 1);
    await rpc.ok('forward.set', { enabled: false, target: null, pathRewrite: null, mirrorStatus: false, allowSelfSigned: false });

    // Exports and an import, as the UI makes them.
    const ids = { deliveryIds: all.items.map((d) => d.id) };
    await rpc.ok('export.fixtures', { selection: ids });
    await rpc.ok('export.fixtures', { selection: ids, testSecret: handlerTestSecret, redact: true });
    const har = await rpc.ok('export.har', { selection: ids });
    writeFileSync(join(exportsDir, 'saved-from-ui.har'), har.har); // what the UI's save dialog writes
    await rpc.ok('export.curl', { deliveryId: valid.id });
    const uiFixtures = await rpc.ok('export.fixtures', { selection: { deliveryIds: [valid.id] }, outDir: join(exportsDir, 'ui-fixtures') });
    await rpc.ok('import.path', { path: uiFixtures.path });

    // Calls refused with the secrets in their input.
    await rpc.fails('export.fixtures', { selection: ids, testSecret: signingSecret }, 400);
    await rpc.fails('settings.setSecret', { secret: `${signingSecret}${'x'.repeat(5000)}` }, 400);
    await rpc.fails('settings.setService', { connection: { mode: 'service', baseUrl: `not a url ${apiToken}` }, apiToken }, 400);
    await rpc.fails('settings.setService', { connection: { mode: 'service', baseUrl: 'https://payouts.example.test' }, apiToken: `${apiToken}${'x'.repeat(5000)}` }, 400);
    await rpc.fails('replay.send', { deliveryId: valid.id, url: `not a url ${signingSecret}`, signing: { mode: 'resign', secret: signingSecret } }, 400);
    await rpc.fails('replay.send', { deliveryId: 999_999, url: `${sink.url}/none`, signing: { mode: 'resign', secret: signingSecret } }, 404);

    whileRunning = filesUnder(dataDir, root);
    await events.stop();
    await stopServe(serving, 'serve (first run)');
    serving = null;

    // ---- serve again on the same data dir, the secret from a file, the token from its store ----
    serving = await startServe(['--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--secret-file', secretFile]);
    const again = controlClient(serving.lines.UI!);
    const status = await again.ok('status.get', {});
    expect(status.secret.storage).toBe('memory');
    expect(status.service.apiTokenSet).toBe(true);
    await again.ok('api.listPage', { endpoint: '/api/campaigns', page: 2, limit: 10 });
    await again.ok('replay.send', { deliveryId: valid.id, url: `${sink.url}/second-run`, signing: { mode: 'resign', secret: signingSecret } });
    await stopServe(serving, 'serve (second run)');
    serving = null;

    // ---- the command line ----
    const out = (name: string) => join(exportsDir, name);
    const body = join(userDir, 'body.json');
    writeFileSync(body, bodyText(giftCardRecipientBody()));
    const bodyBytes = readFileSync(body);
    // Commands that only read the store run side by side; replays (which write to it) one after another; then the imports.
    const readers: Array<[string[], number]> = [
      [['export', '--data-dir', dataDir, '--format', 'ndjson', '--out', out('all.ndjson')], 0],
      [['export', '--data-dir', dataDir, '--format', 'ndjson'], 0],
      [['export', '--data-dir', dataDir, '--format', 'fixtures', '--out', out('fixtures')], 0],
      [['export', '--data-dir', dataDir, '--format', 'fixtures', '--out', out('fixtures-resigned'), '--test-secret', handlerTestSecret, '--redact'], 0],
      [['export', '--data-dir', dataDir, '--format', 'fixtures', '--out', out('fixtures-stripped'), '--strip-signatures'], 0],
      [['export', '--data-dir', dataDir, '--format', 'fixtures', '--out', out('refused'), '--test-secret', signingSecret], 1],
      [['export', '--data-dir', dataDir, '--format', 'har', '--out', out('all.har')], 0],
      [['export', '--data-dir', dataDir, '--format', 'har', '--ids', String(valid.id)], 0],
      [['lifecycles', '--data-dir', dataDir, '--format', 'ndjson', '--out', out('lifecycles.ndjson')], 0],
      [['lifecycles', '--data-dir', dataDir, '--format', 'ndjson'], 0],
      [['verify', '--secret', signingSecret, '--body', body, '--signature', signBody(bodyBytes, signingSecret)], 0],
      [['verify', '--secret', signingSecret, '--body', body, '--signature', signBody(bodyBytes, 'another key')], 1],
      [['verify', '--secret', signingSecret, '--body', body, '--signature', 'sha256=zz'], 1],
      [['verify', '--secret', signingSecret, '--body', join(userDir, 'missing.json'), '--signature', 'sha256=zz'], 1],
      [['serve', '--data-dir', dataDir, '--secret', signingSecret, '--secret-file', secretFile], 1],
    ];
    const replays: Array<[string[], number]> = [
      [['replay', '--data-dir', dataDir, '--id', String(valid.id), '--to', `${sink.url}/cli`], 0],
      [['replay', '--data-dir', dataDir, '--id', String(valid.id), '--to', `${sink.url}/cli-resigned`, '--resign', signingSecret], 0],
      [['replay', '--data-dir', dataDir, '--id', String(valid.id), '--to', dead], 1],
      [['replay', '--data-dir', dataDir, '--id', String(valid.id), '--to', dead, '--resign', signingSecret], 1],
      [['replay', '--data-dir', dataDir, '--id', '999999', '--to', `${sink.url}/none`, '--resign', signingSecret], 1],
    ];
    const imports: Array<[string[], number]> = [
      [['import', out('all.ndjson'), '--data-dir', join(root, 'imported-ndjson'), '--secret-file', secretFile], 0],
      [['import', out('fixtures'), '--data-dir', join(root, 'imported-fixtures'), '--secret', signingSecret], 0],
      [['import', out('all.har'), '--data-dir', join(root, 'imported-har')], 0],
      [['import', join(root, 'nothing-here'), '--data-dir', join(root, 'imported-nothing'), '--secret', signingSecret], 1],
    ];
    // Every command of a group has ended before any is judged, so a failure leaves no command running.
    const check = (commands: Array<[string[], number]>, runs: CliRun[]) =>
      commands.forEach(([args, code], i) => {
        expect(runs[i]!.code, `${placeholders(args.join(' '))}: ${placeholders(runs[i]!.stderr)}`).toBe(code);
        if (code !== 0) facts.cliFailures.push(runs[i]!.stderr.trim());
      });
    check(readers, await Promise.all(readers.map(([args]) => cli(...args))));
    const replayRuns: CliRun[] = [];
    for (const [args] of replays) replayRuns.push(await cli(...args));
    check(replays, replayRuns);
    check(imports, await Promise.all(imports.map(([args]) => cli(...args))));
    runMs = Date.now() - started;
    afterwards = filesUnder(root, root).filter((f) => !f.where.startsWith(`user/`));
  }, 180_000);

  afterAll(async () => {
    if (serving) {
      serving.child.kill('SIGTERM');
      await serving.exited;
    }
    await service?.close();
    if (echoing) await close(echoing);
    if (resetting) await new Promise((closed) => resetting!.close(closed));
    await sink?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const everything = () => [...afterwards, ...whileRunning.map((f) => ({ ...f, where: `${f.where} (while serving)` })), ...said, ...sinkRequests()];
  const sinkRequests = (): Written[] =>
    sink.requests.map((r, i) => ({
      where: `request ${i + 1} received by the handler (${r.method} ${r.url})`,
      bytes: Buffer.concat([Buffer.from(`${r.method} ${r.url}\n${r.headers.map(([n, v]) => `${n}: ${v}`).join('\n')}\n\n`), r.body]),
      isFile: false,
    }));

  it('ran everything it claims to search: deliveries, refusals, replays, exports, commands', () => {
    expect(facts.validFromService).toBeGreaterThan(10);
    expect(facts.invalidFromSimulator).toBeGreaterThan(0);
    expect(facts.refusedTokenMessages).toHaveLength(3);
    for (const message of facts.refusedTokenMessages) expect(message).toMatch(/answered 401/);
    // The service echoed the token it was given; what the user sees has it cut out.
    expect(facts.refusedTokenMessages[0]).toContain('[redacted]');
    expect(facts.echoedTokenAnswers).toHaveLength(3);
    for (const answer of facts.echoedTokenAnswers) expect(answer).toContain('[redacted]');
    expect(facts.replayErrors.every((e) => e !== '(no error)')).toBe(true);
    expect(facts.cliFailures.join('\n')).toMatch(/--test-secret must differ from the signing secret/);
    const files = afterwards.map((f) => f.where);
    expect(files).toEqual(expect.arrayContaining(['data/inspector.sqlite3', 'exports/all.ndjson', 'exports/all.har', 'exports/lifecycles.ndjson']));
    expect(whileRunning.map((f) => f.where)).toEqual(expect.arrayContaining(['data/inspector.sqlite3-wal']));
    expect(files.some((f) => /^data\/exports\/fixtures-.*\/manifest\.json$/.test(f))).toBe(true);
    expect(files.some((f) => /^imported-(ndjson|fixtures|har)\/inspector\.sqlite3$/.test(f))).toBe(true);
    expect(sink.requests.length).toBeGreaterThanOrEqual(8);
  });

  it('finds a secret in each form it searches for (so a clean result means something)', () => {
    const plant = (needle: Needle, offset: number) =>
      Buffer.concat([randomBytes(offset), Buffer.from('…'), needle.bytes, Buffer.from('…')]);
    for (const [value, needles] of [[signingSecret, secretNeedles], [apiToken, tokenNeedles]] as const) {
      const raw = Buffer.from(value);
      const written: Written[] = [0, 1, 2].flatMap((offset) => {
        const prefix = Buffer.from('x'.repeat(offset));
        return [
          { where: `base64 +${offset}`, bytes: Buffer.from(Buffer.concat([prefix, raw]).toString('base64')), isFile: false },
          { where: `base64url +${offset}`, bytes: Buffer.from(Buffer.concat([prefix, raw, prefix]).toString('base64url')), isFile: false },
        ];
      });
      written.push(
        { where: 'hex', bytes: Buffer.from(`0x${raw.toString('hex')}`), isFile: false },
        { where: 'url', bytes: Buffer.from(`?t=${encodeURIComponent(value)}&x=1`), isFile: false },
        { where: 'json', bytes: Buffer.from(JSON.stringify({ secret: value })), isFile: false },
        { where: 'planted', bytes: plant(needles[0]!, 5), isFile: false },
      );
      expect(wheres(hitsIn(written, needles))).toEqual(wheres(written));
      expect(hitsIn([{ where: 'clean', bytes: randomBytes(1 << 16), isFile: false }], needles)).toEqual([]);
    }
  });

  it('keeps the signing secret and the API token only in their own 0600 files in the data dir', () => {
    // The headless stores (src/main/core/signing-secret.ts, fileSecretStore): `signing-secret` and `api-token`,
    // 0600 files in the data dir, are where a secret set in Settings is kept by design (the desktop app keeps
    // them encrypted with the OS keychain instead). They are the one legitimate place, and must hold the value only.
    for (const written of [afterwards, whileRunning]) {
      expect(wheres(hitsIn(written, secretNeedles))).toEqual(['data/signing-secret']);
      expect(wheres(hitsIn(written, tokenNeedles))).toEqual(['data/api-token']);
    }
    expect(readFileSync(join(dataDir, 'signing-secret'), 'utf8')).toBe(signingSecret);
    expect(readFileSync(join(dataDir, 'api-token'), 'utf8')).toBe(apiToken);
    for (const name of ['signing-secret', 'api-token']) expect(statSync(join(dataDir, name)).mode & 0o777).toBe(0o600);
  });

  it('writes neither in any log, export, fixture, answer, event or replayed request, in any form', () => {
    const searched = everything().filter((w) => !(w.isFile && ['data/signing-secret', 'data/api-token'].includes(w.where.replace(/ \(while serving\)$/, ''))));
    const files = searched.filter((w) => w.isFile);
    const texts = searched.filter((w) => !w.isFile);
    const bytes = (items: Written[]) => items.reduce((sum, w) => sum + w.bytes.length, 0);
    console.log(
      `secrets at rest: searched ${files.length} files (${bytes(files)} bytes) and ${texts.length} outputs, answers and requests ` +
        `(${bytes(texts)} bytes) for ${secretNeedles.length + tokenNeedles.length + wrongTokenNeedles.length} forms of 3 secrets; ` +
        `the run took ${(runMs / 1000).toFixed(1)} s`,
    );
    expect(hitsIn(searched, secretNeedles)).toEqual([]);
    expect(hitsIn(searched, tokenNeedles)).toEqual([]);
  });

  it('leaves no trace of a replaced API token, not even in the SQLite file or its WAL', () => {
    expect(hitsIn(everything(), wrongTokenNeedles)).toEqual([]);
  });

  it('sends the handler only signatures: kept, re-signed with the secret, or wrong, never the secret or the token', () => {
    const signatureOf = (r: ReplayTarget['requests'][number]) => sink.header(r, 'X-Service-Signature');
    const resigned = sink.requests.filter((r) => /^\/(resigned|many|second-run|cli-resigned)/.test(r.url));
    expect(resigned.length).toBeGreaterThanOrEqual(4);
    for (const request of resigned) expect(verifySignature(request.body, signatureOf(request), signingSecret).verdict).toBe('valid');
    const wrong = sink.requests.filter((r) => r.url === '/wrong');
    expect(wrong).toHaveLength(1);
    expect(verifySignature(wrong[0]!.body, signatureOf(wrong[0]!), signingSecret).verdict).toBe('invalid');
    for (const request of sink.requests) {
      expect(request.headers.map(([name]) => name.toLowerCase())).not.toContain('x-api-token');
    }
  });
});
