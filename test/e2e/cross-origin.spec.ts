import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { events as contractEvents } from '../../src/shared/contract';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { expect, test, type Inspector } from './fixtures';

/**
 * Another page in the same browser — a site the developer has open, or a dev server on another
 * local port — tries to use the inspector's control server: read deliveries, follow the event
 * stream, replay a stored delivery to where it likes, turn on forwarding, change the response
 * policy or drop the secret. It is even handed the token, so that nothing rests on the token
 * being secret: each request that reaches the control server must be refused by its Host, Origin
 * and Sec-Fetch-Site checks (403, seen in the browser's network log), the page must learn
 * nothing, and nothing may change. The same attempt from the UI's own origin must succeed, so
 * that the tests can fail.
 */

test.use({ secret: testSecret });

// ---------- the attacker's script ----------

/**
 * What the attacking page runs: plain browser JavaScript, served in the attacker's page (and,
 * for the control runs, evaluated in the UI's own page).
 */
const attackLibrary = String.raw`
window.attack = {
  events: [],
  async call(url, options) {
    const headers = {};
    if (options.token) headers.Authorization = 'Bearer ' + options.token;
    if (options.contentType) headers['Content-Type'] = options.contentType;
    try {
      const res = await fetch(url, { method: 'POST', mode: options.mode, credentials: options.credentials, headers, body: options.body });
      return { outcome: 'answered', type: res.type, status: res.status, body: await res.text() };
    } catch (error) {
      return { outcome: 'rejected', error: String(error) };
    }
  },
  beacon(url, body, type) {
    try {
      return { queued: navigator.sendBeacon(url, new Blob([body], { type })) };
    } catch (error) {
      return { queued: false, error: String(error) };
    }
  },
  listen(url, names, withCredentials) {
    return new Promise((resolve) => {
      const source = new EventSource(url, { withCredentials });
      const record = (e) => window.attack.events.push(e.type);
      source.onmessage = record;
      for (const name of names) source.addEventListener(name, record);
      source.onopen = () => resolve({ opened: true });
      source.onerror = () => {
        if (source.readyState === EventSource.CLOSED) resolve({ opened: false });
      };
    });
  },
  submitForm(action, enctype, fields, target) {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = action;
    form.enctype = enctype;
    form.target = target;
    for (const [name, value] of fields) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  },
};
`;

interface CallOptions {
  mode: 'cors' | 'no-cors' | 'same-origin';
  token?: string;
  contentType?: string;
  credentials?: 'omit' | 'same-origin' | 'include';
  body: string;
}
type CallResult = { outcome: 'answered'; type: string; status: number; body: string } | { outcome: 'rejected'; error: string };
interface Attack {
  events: string[];
  call(url: string, options: CallOptions): Promise<CallResult>;
  beacon(url: string, body: string, type: string): { queued: boolean; error?: string };
  listen(url: string, names: string[], withCredentials: boolean): Promise<{ opened: boolean }>;
  submitForm(action: string, enctype: string, fields: Array<[string, string]>, target: string): void;
}

/** The page learnt nothing: the fetch was rejected, or its answer is opaque (no status, no body). */
function unread(result: CallResult): boolean {
  return result.outcome === 'rejected' || (result.type === 'opaque' && result.status === 0 && result.body === '');
}

function call(page: Page, url: string, options: CallOptions): Promise<CallResult> {
  return page.evaluate(([u, o]) => (globalThis as unknown as { attack: Attack }).attack.call(u, o), [url, options] as const);
}
function listen(page: Page, url: string, withCredentials = false): Promise<{ opened: boolean }> {
  const names = Object.keys(contractEvents);
  return page.evaluate(([u, n, w]) => (globalThis as unknown as { attack: Attack }).attack.listen(u, n, w), [url, names, withCredentials] as const);
}
function eventsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(globalThis as unknown as { attack: Attack }).attack.events]);
}

// ---------- local servers, on 127.0.0.1 and stopped by the test ----------

interface LocalServer {
  origin: string;
  /** Requests received, in order. */
  requests: Array<{ method: string; url: string }>;
  close(): Promise<void>;
}

async function startServer(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<LocalServer> {
  const requests: LocalServer['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '' });
    req.resume();
    req.on('end', () => handle(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The attacker's site: its page carries the attack script; /csrf is a classic auto-submitting form. */
function attackerSite(csrf: { action: string; fields: Array<[string, string]> } | null) {
  return startServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://attacker.invalid').pathname;
    const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    let html: string;
    if (path === '/csrf' && csrf) {
      const inputs = csrf.fields.map(([name, value]) => `<input type="hidden" name="${escapeAttr(name)}" value="${escapeAttr(value)}">`).join('');
      html = `<form method="POST" action="${escapeAttr(csrf.action)}" enctype="text/plain">${inputs}</form><script>document.forms[0].submit()</script>`;
    } else if (path === '/') {
      html = `<iframe name="target" src="about:blank"></iframe><script>${attackLibrary}</script>`;
    } else {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Another site</title></head><body>${html}</body></html>`);
  });
}

/** The developer's webhook handler, where a replay or a forward would land. */
function startSink() {
  return startServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"ok":true}');
  });
}

// ---------- the legitimate client ----------

function control(inspector: Inspector) {
  const ui = new URL(inspector.uiUrl);
  const token = ui.searchParams.get('token')!;
  return {
    origin: ui.origin,
    token,
    async call(name: string, input: unknown): Promise<{ status: number; body: unknown }> {
      const res = await fetch(`${ui.origin}/rpc/${name}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
      return { status: res.status, body: await res.json() };
    },
    /** The event stream's address with a fresh single-use ticket, as the UI opens it (a token never goes in a URL). */
    async streamUrl(): Promise<string> {
      const res = await fetch(`${ui.origin}/events/ticket`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
      return `${ui.origin}/events?ticket=${((await res.json()) as { ticket: string }).ticket}`;
    },
  };
}

interface Answer {
  method: string;
  url: string;
  status: number;
}

/**
 * The control server's answers to requests from `page`, as the browser's network layer saw them:
 * also those the page itself was never allowed to read (refused by CORS, CORP or frame rules).
 */
async function recordAnswers(page: Page, origin: string): Promise<{ answers: Answer[]; count(method: string, url: string): number }> {
  const answers: Answer[] = [];
  // The two events of one request come in either order.
  const sent = new Map<string, { method: string; url: string }>();
  const statuses = new Map<string, number>();
  const match = (requestId: string) => {
    const request = sent.get(requestId);
    const status = statuses.get(requestId);
    if (request === undefined || status === undefined) return;
    sent.delete(requestId);
    statuses.delete(requestId);
    if (request.url.startsWith(origin)) answers.push({ ...request, status });
  };
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (event) => {
    sent.set(event.requestId, { method: event.request.method, url: event.request.url });
    match(event.requestId);
  });
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    statuses.set(event.requestId, event.statusCode);
    match(event.requestId);
  });
  await cdp.send('Network.enable');
  return { answers, count: (method, url) => answers.filter((a) => a.method === method && a.url === url).length };
}

async function deliverOne(inspector: Inspector): Promise<void> {
  const body = giftCardBody({ recipient_email: 'victim@example.com' });
  expect(await inspector.deliver('/webhooks', body, serviceHeaders(body))).toBe(200);
}

// ---------- the tests ----------

test('a page on another local port cannot read the API or follow the event stream, even holding the token', async ({ page, context, inspector }) => {
  const ui = control(inspector);
  const attacker = await attackerSite(null);
  try {
    await deliverOne(inspector);
    const traffic = await recordAnswers(page, ui.origin);
    await page.goto(`${attacker.origin}/`);
    const list = `${ui.origin}/rpc/deliveries.list`;
    const json = 'application/json';

    // With CORS: preflighted (token header, JSON) or simple (text/plain): the page never gets an answer.
    const preflighted: CallOptions[] = [
      { mode: 'cors', token: ui.token, contentType: json, body: '{}' },
      { mode: 'cors', token: ui.token, contentType: json, credentials: 'include', body: '{}' },
      { mode: 'cors', token: ui.token, contentType: 'text/plain', body: '{}' },
      { mode: 'cors', contentType: json, body: '{}' },
    ];
    const simple: CallOptions[] = [
      { mode: 'cors', contentType: 'text/plain', body: '{}' },
      { mode: 'cors', body: '{}' },
      // Without CORS: the browser drops the token and the JSON type, and hands back nothing readable.
      { mode: 'no-cors', contentType: 'text/plain', body: '{}' },
      { mode: 'no-cors', token: ui.token, contentType: json, body: '{}' },
      { mode: 'no-cors', credentials: 'include', body: '{}' },
    ];
    for (const options of [...preflighted, ...simple]) {
      expect(unread(await call(page, list, options)), JSON.stringify(options)).toBe(true);
    }
    // What reached the control server: each preflight and each simple request, every one refused.
    await expect.poll(() => [traffic.count('OPTIONS', list), traffic.count('POST', list)]).toEqual([preflighted.length, simple.length]);

    // The event stream, with a valid ticket: it never opens (refused before the ticket is looked at, so it stays unused).
    const stream = await ui.streamUrl();
    expect(await listen(page, stream)).toEqual({ opened: false });
    expect(await listen(page, stream, true)).toEqual({ opened: false });
    await expect.poll(() => traffic.count('GET', stream)).toBe(2);

    // Nor can it frame the UI, to click through it.
    await page.evaluate((url) => {
      const frame = (globalThis as unknown as { document: { querySelector(s: string): { src: string } } }).document.querySelector('iframe');
      frame.src = url;
    }, inspector.uiUrl);
    await expect.poll(() => traffic.count('GET', inspector.uiUrl)).toBe(1);
    expect(traffic.answers.map((a) => a.status)).toEqual(traffic.answers.map(() => 403));

    // Control: the same script from the UI's own origin reads the list and follows the stream.
    const own = await context.newPage();
    await own.goto(inspector.uiUrl);
    await own.evaluate(attackLibrary);
    const ownList = await call(own, list, { mode: 'cors', token: ui.token, contentType: json, body: '{}' });
    expect(ownList).toMatchObject({ outcome: 'answered', type: 'basic', status: 200 });
    expect(ownList.outcome === 'answered' && ownList.body).toContain('victim@example.com');
    expect(await listen(own, stream)).toEqual({ opened: true });

    // A new delivery is announced on the UI's stream, never to the other page.
    await deliverOne(inspector);
    await expect.poll(() => eventsSeen(own)).toContain('deliveries.changed');
    expect(await eventsSeen(page)).toEqual([]);
  } finally {
    await attacker.close();
  }
});

test('a replay, forwarding or a settings change cannot be triggered from another origin; the same replay with the token reaches the handler', async ({
  page,
  context,
  inspector,
}) => {
  const ui = control(inspector);
  const sink = await startSink();
  const sinkUrl = `${sink.origin}/hook`;
  const replayInput = { deliveryId: 1, url: sinkUrl };
  const replayJson = JSON.stringify(replayInput);
  // A text/plain form posts `name=value`: the name carries the JSON, the value closes a padding string.
  const csrfFields: Array<[string, string]> = [[`${replayJson.slice(0, -1)},"pad":"`, '"}']];
  const attacker = await attackerSite({ action: `${ui.origin}/rpc/replay.send`, fields: csrfFields });
  try {
    await deliverOne(inspector);
    const traffic = await recordAnswers(page, ui.origin);
    await page.goto(`${attacker.origin}/`);
    const rpc = (name: string) => `${ui.origin}/rpc/${name}`;
    let preflights = 0;
    let posts = 0;

    // fetch, with and without CORS, with the token, against every call that changes something.
    const targets: Array<[string, string]> = [
      ['replay.send', replayJson],
      ['replay.many', JSON.stringify({ ...replayInput, selection: { deliveryIds: [1] }, order: 'twice' })],
      ['forward.set', JSON.stringify({ enabled: true, target: sinkUrl, pathRewrite: null, mirrorStatus: false, allowSelfSigned: false })],
      ['settings.setPolicy', JSON.stringify({ status: 503, delayMs: 0, failNext: 0, failStatus: 500, rejectInvalidSignature: false })],
      ['settings.clearSecret', '{}'],
    ];
    for (const [name, body] of targets) {
      const attempts: Array<[CallOptions, 'OPTIONS' | 'POST']> = [
        [{ mode: 'cors', token: ui.token, contentType: 'application/json', body }, 'OPTIONS'],
        [{ mode: 'cors', contentType: 'text/plain', body }, 'POST'],
        [{ mode: 'no-cors', contentType: 'text/plain', body }, 'POST'],
        [{ mode: 'no-cors', token: ui.token, contentType: 'application/json', credentials: 'include', body }, 'POST'],
      ];
      for (const [options, goesOutAs] of attempts) {
        expect(unread(await call(page, rpc(name), options)), `${name} ${JSON.stringify(options)}`).toBe(true);
        if (goesOutAs === 'OPTIONS') preflights++;
        else posts++;
      }
    }

    // Beacons, which a page can leave behind as it closes: text/plain goes out as is, a JSON type needs a preflight.
    for (const [name, body, type] of [
      ['replay.send', replayJson, 'text/plain'],
      ['forward.set', targets[2]![1], 'text/plain'],
      ['replay.send', replayJson, 'application/json'],
    ] as const) {
      const sent = await page.evaluate(([u, b, t]) => (globalThis as unknown as { attack: Attack }).attack.beacon(u, b, t), [rpc(name), body, type] as const);
      expect(sent).toEqual({ queued: true });
      if (type === 'text/plain') posts++;
      else preflights++;
      await expect.poll(() => traffic.answers.length).toBe(preflights + posts);
    }

    // Forms: text/plain, urlencoded and multipart, into a frame of the page.
    for (const enctype of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      await page.evaluate(
        ([u, e, f]) => (globalThis as unknown as { attack: Attack }).attack.submitForm(u, e, f, 'target'),
        [rpc('replay.send'), enctype, csrfFields] as const,
      );
      posts++;
      await expect.poll(() => traffic.answers.length, enctype).toBe(preflights + posts);
    }
    // And the classic: a page whose form submits itself, at the top level.
    await page.goto(`${attacker.origin}/csrf`);
    posts++;

    // Everything reached the control server and was refused; nothing reached the handler or changed.
    await expect.poll(() => [traffic.answers.filter((a) => a.method === 'OPTIONS').length, traffic.answers.filter((a) => a.method === 'POST').length]).toEqual([
      preflights,
      posts,
    ]);
    expect(traffic.answers.map((a) => a.status)).toEqual(traffic.answers.map(() => 403));
    expect(traffic.count('POST', rpc('replay.send'))).toBe(3 + 1 + 3 + 1);
    expect(sink.requests).toEqual([]);
    expect((await ui.call('replay.list', { deliveryId: 1 })).body).toEqual({ items: [] });
    expect((await ui.call('forward.get', {})).body).toMatchObject({ enabled: false, target: null });
    const status = (await ui.call('status.get', {})).body as { policy: { status: number }; secret: { set: boolean } };
    expect(status.policy.status).toBe(200);
    expect(status.secret.set).toBe(true);

    // Control: the same replay with the token, from the test and from the UI's own page, reaches the handler.
    expect((await ui.call('replay.send', replayInput)).status).toBe(200);
    expect(sink.requests).toEqual([{ method: 'POST', url: '/hook' }]);
    const own = await context.newPage();
    await own.goto(inspector.uiUrl);
    await own.evaluate(attackLibrary);
    const ownReplay = await call(own, rpc('replay.send'), { mode: 'cors', token: ui.token, contentType: 'application/json', body: replayJson });
    expect(ownReplay).toMatchObject({ outcome: 'answered', status: 200 });
    expect(sink.requests).toHaveLength(2);
    expect(((await ui.call('replay.list', { deliveryId: 1 })).body as { items: unknown[] }).items).toHaveLength(2);
  } finally {
    await attacker.close();
    await sink.close();
  }
});

test('DNS rebinding: a page whose own name now points at the control server gets nothing, even with the token; localhost does', async ({
  playwright,
  launchOptions,
  inspector,
}) => {
  const ui = control(inspector);
  const port = new URL(ui.origin).port;
  const sink = await startSink();
  // Our own browser, whose resolver says what a rebinding DNS server would: rebind.example is 127.0.0.1.
  // Chromium's Local Network Access checks would already stop a public page's request to a loopback
  // address; they are turned off here, so that what is tested is the control server's own Host check
  // (browsers without them, or a user who allowed local network access).
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--host-resolver-rules=MAP rebind.example 127.0.0.1', '--disable-features=LocalNetworkAccessChecks'],
  });
  try {
    await deliverOne(inspector);
    const page = await browser.newPage();
    const attackerPage = `<!doctype html><html><body><script>${attackLibrary}</script></body></html>`;
    // The attacker's page, as first served under its name (before the name was rebound)…
    for (const host of ['rebind.example', 'localhost']) {
      await page.route(`http://${host}:${port}/`, (route) => route.fulfill({ contentType: 'text/html', body: attackerPage }));
    }
    await page.goto(`http://rebind.example:${port}/`);
    // …whose same-origin requests now land on the control server: readable, so the refusal itself is seen.
    const json = 'application/json';
    const same = (path: string) => `http://rebind.example:${port}${path}`;
    const refused = { outcome: 'answered', type: 'basic', status: 403, body: '{"error":"forbidden host"}' };
    expect(await call(page, same('/rpc/deliveries.list'), { mode: 'same-origin', token: ui.token, contentType: json, body: '{}' })).toEqual(refused);
    expect(
      await call(page, same('/rpc/replay.send'), { mode: 'same-origin', token: ui.token, contentType: json, body: JSON.stringify({ deliveryId: 1, url: `${sink.origin}/hook` }) }),
    ).toEqual(refused);
    const ticketed = new URL(await ui.streamUrl());
    expect(await listen(page, same(ticketed.pathname + ticketed.search))).toEqual({ opened: false });
    expect(sink.requests).toEqual([]);

    // Control: the same page under localhost, a name the control server answers to, gets through.
    await page.goto(`http://localhost:${port}/`);
    const list = await call(page, `http://localhost:${port}/rpc/deliveries.list`, { mode: 'same-origin', token: ui.token, contentType: json, body: '{}' });
    expect(list).toMatchObject({ outcome: 'answered', status: 200 });
    expect(list.outcome === 'answered' && list.body).toContain('victim@example.com');
  } finally {
    await browser.close();
    await sink.close();
  }
});
