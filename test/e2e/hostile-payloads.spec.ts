import type { Locator, Page } from '@playwright/test';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { rawTls, readUntilClose, statusOf } from '../support/https-client';
import { expect, test, type Inspector } from './fixtures';
import { DeliveriesPage } from './pages/deliveries-page';

/**
 * Deliveries built to run script in the UI, to stall it, or to hide or reorder what it shows.
 * Each is opened in the list and the detail (raw, and as a JSON tree when it parses): nothing may
 * run, the text must be shown as sent, and the window must keep answering within the usual
 * expect timeout.
 */

test.use({ secret: testSecret });

/** Every script in these payloads sets this flag; it must stay undefined. */
const flag = '__pwned';
const sets = (how: string) => `window.${flag}='${how}'`;

const html = {
  script: `<script>${sets('script')}</script>`,
  closeScript: `</script><script>${sets('close-script')}</script>`,
  img: `<img src=x onerror="${sets('img')}">`,
  svg: `<svg onload="${sets('svg')}"><animate onbegin="${sets('animate')}" attributeName="x"/></svg>`,
  iframe: `<iframe srcdoc="<script>parent.${flag}='iframe'</script>"></iframe>`,
  autofocus: `<input autofocus onfocus="${sets('focus')}">`,
  anchor: `<a href="javascript:${sets('anchor')}">open</a>`,
  javascriptUrl: `javascript:${sets('url')}`,
  dataUrl: `data:text/html,<script>${sets('data-url')}</script>`,
  alert: `<script>alert('pwned')</script>`,
  style: '<style>*{display:none!important}</style>',
  template: '{{constructor.constructor("alert(1)")()}}',
};

// ---------- watching the page ----------

/** What would give away a payload that ran: dialogs, uncaught errors, and CSP reports of blocked script. */
interface PageWatch {
  origin: string;
  dialogs: string[];
  errors: string[];
}

/** Opens the UI with dialogs, page errors and CSP violations watched from its first script on. */
async function openWatched(page: Page, inspector: Inspector): Promise<{ deliveries: DeliveriesPage; seen: PageWatch }> {
  const seen: PageWatch = { origin: new URL(inspector.uiUrl).origin, dialogs: [], errors: [] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  await page.addInitScript({
    content:
      'window.__cspViolations = [];' +
      "document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sample));",
  });
  const deliveries = new DeliveriesPage(page);
  await deliveries.open(inspector.uiUrl);
  return { deliveries, seen };
}

async function expectNothingRan(page: Page, seen: PageWatch): Promise<void> {
  const globals = (await page.evaluate((name) => {
    const g = globalThis as Record<string, unknown>;
    return { pwned: g[name], csp: g.__cspViolations };
  }, flag)) as { pwned: unknown; csp: string[] };
  expect(globals.pwned).toBeUndefined();
  expect(seen.dialogs).toEqual([]);
  expect(seen.errors).toEqual([]);
  // Not even blocked by the CSP: nothing of a payload was ever handed to the browser as markup.
  expect(globals.csp).toEqual([]);
  const injected = page.locator(
    '#root :is(script, iframe, object, embed, style, meta, img[src="x"], svg[onload], input[autofocus], [onerror], [onload], [onfocus], [onbegin], a[href^="javascript:" i], a[href^="data:" i])',
  );
  await expect(injected).toHaveCount(0);
  // Nor did one navigate the window away (a meta refresh, a form, a javascript: link).
  expect(new URL(page.url()).origin).toBe(seen.origin);
}

const plainEmail = 'plain@example.com';

/**
 * The window still answers: a script round trip, another row's detail on a click, and the
 * keyboard (`/` to the filter, typing filters the list).
 */
async function expectResponsive(deliveries: DeliveriesPage): Promise<void> {
  const { page } = deliveries;
  expect(await page.evaluate(() => 6 * 7)).toBe(42);
  await deliveries.select(deliveries.rows.filter({ hasText: plainEmail }));
  await expect(rawView(page)).toContainText(plainEmail);
  await page.keyboard.press('/');
  await expect(page.getByTestId('filter-text')).toBeFocused();
  await page.keyboard.type(plainEmail);
  await expect(deliveries.rows).toHaveCount(1);
  await expect(deliveries.rows.first()).toContainText(plainEmail);
}

// ---------- delivering ----------

/** A plain, well-formed delivery: the row to move to when checking that the window still answers. */
async function deliverPlain(inspector: Inspector): Promise<void> {
  const body = giftCardBody({ recipient_email: plainEmail });
  expect(await inspector.deliver('/webhooks', body, serviceHeaders(body))).toBe(200);
}

async function deliverSigned(inspector: Inspector, body: Buffer): Promise<void> {
  expect(await inspector.deliver('/webhooks', body, serviceHeaders(body))).toBe(200);
}

/** A POST written byte for byte, path included (an HTTP client would percent-encode the path). */
async function deliverRaw(inspector: Inspector, path: string, body: Buffer, headers: Record<string, string>): Promise<number | null> {
  const socket = await rawTls(inspector.receiverUrl);
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${new URL(inspector.receiverUrl).host}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${body.length}`,
    'Connection: close',
    '',
    '',
  ];
  socket.write(Buffer.concat([Buffer.from(head.join('\r\n'), 'latin1'), body]));
  return statusOf(await readUntilClose(socket));
}

/** The core's own answer to status.get, asked with the token as the UI would. */
async function bodyLimitBytes(inspector: Inspector): Promise<number> {
  const ui = new URL(inspector.uiUrl);
  const res = await fetch(`${ui.origin}/rpc/status.get`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ui.searchParams.get('token')}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { bodyLimitBytes: number }).bodyLimitBytes;
}

const envelope = (email: string) => `{"event":"payout.processing","payout_type":"gift_cards","recipient_email":"${email}",`;

// ---------- looking ----------

function rawView(page: Page): Locator {
  return page.getByTestId('detail-raw-body');
}
function treeView(page: Page): Locator {
  return page.getByTestId('detail-pretty-body');
}

/** Clicks the row of delivery `id` and waits until the detail shows that delivery. */
async function open(deliveries: DeliveriesPage, id: number): Promise<void> {
  await deliveries.select(deliveries.row(id));
  await expect(deliveries.detail).toHaveAttribute('data-id', String(id));
}

/** The code points in `text` (as U+XXXX) that `hidden` says a reader could not see. */
function unseen(text: string | null, hidden: (code: number) => boolean): string[] {
  return [...(text ?? '')].map((char) => char.codePointAt(0)!).filter(hidden).map((code) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`);
}
/** Control characters (other than tab and line feed), DEL, C1 controls and the line and paragraph separators. */
const isControl = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
/** Bidi marks, embeddings, overrides and isolates. */
const isBidiControl = (code: number) => code === 0x200e || code === 0x200f || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);

// ---------- the tests ----------

test('HTML, script and javascript: URLs in bodies, headers and paths are shown as text and never run', async ({ page, inspector }) => {
  await deliverPlain(inspector);
  const body = giftCardBody({
    event: html.img,
    recipient_email: `${html.script}@example.com`,
    recipient_name: html.anchor,
    [html.svg]: html.iframe,
    note: `a string with ${html.closeScript} inside`,
    homepage: html.javascriptUrl,
    avatar: html.dataUrl,
    greeting: html.alert,
    theme: html.style,
    nested: { template: html.template, list: [html.autofocus, html.img] },
  });
  const headers = { ...serviceHeaders(body), 'X-Service-Event': html.script, 'X-Note': html.img };
  const path = '/hooks/<script>alert(1)</script>?next=javascript:alert(2)';
  expect(await deliverRaw(inspector, path, body, headers)).toBe(200);
  // Not JSON at all: an HTML page that would redirect, run script on load and open a dialog.
  const htmlPage = Buffer.from(
    `<!doctype html><html><head><meta http-equiv="refresh" content="0;url=javascript:${sets('refresh')}"><base href="http://evil.example/"></head>` +
      `<body onload="${sets('body-onload')}">${html.alert}${html.img}<form action="javascript:${sets('form')}"><button autofocus>go</button></form></body></html>`,
  );
  expect(await inspector.deliver('/webhooks', htmlPage, { ...serviceHeaders(htmlPage, null), 'Content-Type': 'text/html' })).toBe(200);

  const { deliveries, seen } = await openWatched(page, inspector);
  await expect(deliveries.rows).toHaveCount(3);
  // The list: event, subject and path are text.
  const row = deliveries.row(2);
  await expect(row).toContainText(html.img);
  await expect(row).toContainText(`${html.script}@example.com`);
  await expect(row).toContainText('/hooks/<script>alert(1)</script>');

  await open(deliveries, 2);
  const raw = rawView(page);
  await expect(raw).toContainText(`a string with ${html.closeScript} inside`);
  await expect(raw).toContainText(JSON.stringify(html.svg).slice(1, -1));
  await expect(raw).toContainText(html.javascriptUrl);
  const tree = treeView(page);
  await expect(tree).toContainText(JSON.stringify(html.anchor));
  await expect(tree).toContainText(JSON.stringify(html.alert));
  await expect(tree).toContainText(JSON.stringify(html.style));
  await expect(tree).toContainText(JSON.stringify(html.template));
  await expect(tree).toContainText(JSON.stringify(html.autofocus));
  await expect(page.getByTestId('detail-headers')).toContainText(html.script);
  await expect(page.getByTestId('detail-headers')).toContainText(html.img);
  await expect(page.getByTestId('detail-request')).toContainText('/hooks/<script>alert(1)</script>');
  // The style element in the body hid nothing.
  await expect(deliveries.detail).toBeVisible();
  await expectNothingRan(page, seen);

  await open(deliveries, 3);
  await expect(raw).toContainText('<meta http-equiv="refresh" content="0;url=javascript:');
  await expect(raw).toContainText(`<body onload="${sets('body-onload')}">${html.alert}`);
  await expect(tree).toContainText(/not valid json/i);
  await expect(deliveries.detail).toBeVisible();
  await expectNothingRan(page, seen);

  await expectResponsive(deliveries);
  await expectNothingRan(page, seen);
});

test('a body as large as the receiver takes is stored, shown whole, raw and as a tree, and the window keeps answering', async ({ page, inspector }) => {
  const limit = await bodyLimitBytes(inspector);
  expect(limit).toBe(1024 * 1024);
  await deliverPlain(inspector);
  const head = `${envelope('huge@example.com')}"blob":"`;
  const tail = 'END-OF-HUGE-BODY"}';
  const chunk = `<b>bold</b>&amp;<script>${sets('huge')}</script> `;
  const fill = chunk.repeat(Math.ceil(limit / chunk.length)).slice(0, limit - head.length - tail.length);
  const body = Buffer.from(head + fill + tail);
  expect(body.length).toBe(limit);
  await deliverSigned(inspector, body);

  const { deliveries, seen } = await openWatched(page, inspector);
  await expect(deliveries.row(2)).toContainText('huge@example.com');
  await open(deliveries, 2);
  await expect(deliveries.detail).toContainText(`of the ${limit} body bytes`);
  await expect(deliveries.detail).not.toContainText('truncated');
  await expect(rawView(page)).toContainText(chunk);
  await expect(rawView(page)).toContainText('END-OF-HUGE-BODY');
  await expect(treeView(page)).toContainText('END-OF-HUGE-BODY');
  await expectNothingRan(page, seen);
  await expectResponsive(deliveries);
});

test('a megabyte of alternating text and control bytes is shown in part, with a way to the rest, and the window keeps answering', async ({ page, inspector }) => {
  const limit = await bodyLimitBytes(inspector);
  await deliverPlain(inspector);
  const body = Buffer.from('a\u0001'.repeat(limit / 2), 'latin1');
  await deliverSigned(inspector, body);

  const { deliveries, seen } = await openWatched(page, inspector);
  await open(deliveries, 2);
  await expect(rawView(page)).toContainText('a\\x01a\\x01a\\x01');
  await expect(treeView(page)).toContainText(/not valid json/i);
  // A million runs are never laid out at once (that froze the window for minutes): it says so, and Save… has them all.
  await expect(page.getByTestId('raw-body-cut')).toContainText('Only the first 4,000 of 1,048,576 runs');
  await expect(deliveries.detail.getByRole('button', { name: 'Save…' })).toBeVisible();
  await expectNothingRan(page, seen);
  await expectResponsive(deliveries);
});

test('very wide bodies (half a million items, sixty thousand keys, 190×50×50 nested) open at once and unfold on demand', async ({ page, inspector }) => {
  await deliverPlain(inspector);
  const wideArray = Buffer.from(`[${'0,'.repeat(499_999)}0]`);
  const keys = Array.from({ length: 60_000 }, (_, i) => `"k${i}":${i}`);
  const wideObject = Buffer.from(`${envelope('wide@example.com')}${keys.join(',')}}`);
  const square = `[${Array.from({ length: 50 }, () => '0').join(',')}]`;
  const cube = `[${Array.from({ length: 50 }, () => square).join(',')}]`;
  const nested = Buffer.from(`[${Array.from({ length: 190 }, () => cube).join(',')}]`);
  for (const body of [wideArray, wideObject, nested]) {
    expect(body.length).toBeLessThanOrEqual(1024 * 1024);
    await deliverSigned(inspector, body);
  }

  const { deliveries, seen } = await openWatched(page, inspector);
  const tree = treeView(page);
  const more = tree.getByRole('button', { name: /^Show 200 more/ }).first();

  // A container lists 200 children, and 200 more per click.
  await open(deliveries, 2);
  await expect(tree).toContainText('199: 0');
  await expect(tree).not.toContainText('200: 0');
  await expect(more).toHaveText('Show 200 more (499,800 not shown)');
  await more.click();
  await expect(tree).toContainText('399: 0');
  await expect(more).toHaveText('Show 200 more (499,600 not shown)');

  await open(deliveries, 3);
  await expect(tree).toContainText('"wide@example.com"');
  await expect(tree).toContainText('"k196": 196');
  await expect(tree).not.toContainText('"k197"');
  await more.click();
  await expect(tree).toContainText('"k396": 396');
  await expect(more).toHaveText('Show 200 more (59,603 not shown)');

  await open(deliveries, 4);
  // The root and its first containers are open; the rest waits, folded, for a click.
  await expect(tree.locator('details[open]').first()).toBeVisible();
  await expect(tree.locator('details:not([open])').first()).toContainText('50 items');
  await expect(more).toHaveCount(0);

  await expectNothingRan(page, seen);
  await expectResponsive(deliveries);
});

test('bodies nested 10,000 levels deep are shown raw, say why there is no tree, and the window keeps answering', async ({ page, inspector }) => {
  await deliverPlain(inspector);
  const depth = 10_000;
  const arrays = Buffer.from(`${envelope('arrays@example.com')}"deep":${'['.repeat(depth)}${']'.repeat(depth)}}`);
  const objects = Buffer.from(`${envelope('objects@example.com')}"deep":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`);
  const mixed = Buffer.from(`${envelope('mixed@example.com')}"deep":${'[{"a":'.repeat(depth / 2)}null${'}]'.repeat(depth / 2)}}`);
  // Deep, but within what the tree draws.
  const drawable = Buffer.from(`${envelope('drawable@example.com')}"deep":${'['.repeat(500)}"bottom"${']'.repeat(500)}}`);
  for (const body of [arrays, objects, mixed, drawable]) await deliverSigned(inspector, body);

  const { deliveries, seen } = await openWatched(page, inspector);
  await expect(deliveries.rows).toHaveCount(5);
  const raw = rawView(page);
  const tree = treeView(page);
  for (const [id, opening] of [[2, '[[[['], [3, '{"a":{"a":{"a":'], [4, '[{"a":[{"a":']] as const) {
    await open(deliveries, id);
    await expect(raw).toContainText(`"deep":${opening}`);
    // Valid JSON, too deep to draw: the tree says so rather than calling it invalid.
    await expect(tree).toHaveText('Not shown as a tree: it nests arrays or objects more than 512 levels deep.');
  }
  await open(deliveries, 5);
  await expect(raw).toContainText('"bottom"');
  await expect(tree).toContainText('"drawable@example.com"');
  await expect(tree.locator('details:not([open])').first()).toContainText('1 item');
  await expectNothingRan(page, seen);
  await expectResponsive(deliveries);
});

test('control characters, escaped or as raw bytes, are all made visible, raw and in the tree', async ({ page, inspector }) => {
  await deliverPlain(inspector);
  const c0 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('');
  // Valid JSON: C0 controls escaped by the sender; DEL, a C1 control and the line and paragraph separators as they are.
  const escaped = giftCardBody({
    recipient_email: 'ctl\u0000\u0007\u001b[31m@example.com',
    note: `${c0}\u007f\u0085\u2028\u2029end`,
    ['key\u0000\u001b']: 'v',
  });
  await deliverSigned(inspector, escaped);
  // Not JSON: the control bytes raw inside a string.
  const rawBytes = Buffer.concat([Buffer.from(`${envelope('raw-ctl@example.com')}"note":"`), Buffer.from(`${c0}\u007f`, 'latin1'), Buffer.from('"}')]);
  await deliverSigned(inspector, rawBytes);

  const { deliveries, seen } = await openWatched(page, inspector);
  const raw = rawView(page);
  const tree = treeView(page);

  await open(deliveries, 2);
  await expect(raw).toContainText('"note":"\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e');
  await expect(raw).toContainText('\\u001e\\u001f\\x7F\\u{0085}\\u{2028}\\u{2029}end"');
  await expect(tree).toContainText('"note": "\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e');
  await expect(tree).toContainText('\\u001e\\u001f\\u007f\\u0085\\u2028\\u2029end"');
  await expect(tree).toContainText('"key\\u0000\\u001b": "v"');
  await expect(tree).toContainText('"ctl\\u0000\\u0007\\u001b[31m@example.com"');
  expect(unseen(await raw.textContent(), isControl)).toEqual([]);
  expect(unseen(await tree.textContent(), isControl)).toEqual([]);

  await open(deliveries, 3);
  await expect(raw).toContainText('"note":"\\x00\\x01\\x02\\x03\\x04\\x05\\x06\\x07\\x08');
  await expect(raw).toContainText('\\x0B\\x0C\\r\\x0E\\x0F\\x10\\x11\\x12\\x13\\x14\\x15\\x16\\x17\\x18\\x19\\x1A\\x1B\\x1C\\x1D\\x1E\\x1F\\x7F"}');
  await expect(raw).toHaveAttribute('data-escapes', '2');
  expect(unseen(await raw.textContent(), isControl)).toEqual([]);
  await expect(tree).toContainText('Not valid JSON: Unescaped control character in string');
  await expect(deliveries.row(3)).toContainText('not JSON');

  await expectNothingRan(page, seen);
  await expectResponsive(deliveries);
});

test('invalid UTF-8 bytes are shown as hex, and an overlong "<" never becomes one', async ({ page, inspector }) => {
  await deliverPlain(inspector);
  // FF FE: never UTF-8; C0 BC / C0 BE: overlong "<" and ">"; ED A0 80: a UTF-16 surrogate; F8…: a 5-byte form; E2 82: cut short.
  const invalid = [0xff, 0xfe, 0xc0, 0xbc, 0x73, 0xc0, 0xbe, 0xed, 0xa0, 0x80, 0xf8, 0x88, 0x80, 0x80, 0x80, 0xe2, 0x82];
  const body = Buffer.concat([Buffer.from(`${envelope('bytes@example.com')}"name":"`), Buffer.from(invalid), Buffer.from('"}')]);
  await deliverSigned(inspector, body);

  const { deliveries, seen } = await openWatched(page, inspector);
  await expect(deliveries.row(2)).toContainText('not JSON');
  await open(deliveries, 2);
  const raw = rawView(page);
  await expect(raw).toContainText('"name":"\\xFF\\xFE\\xC0\\xBCs\\xC0\\xBE\\xED\\xA0\\x80\\xF8\\x88\\x80\\x80\\x80\\xE2\\x82"}');
  await expect(raw).toHaveAttribute('data-escapes', '2');
  await expect(deliveries.detail).not.toContainText('<s>');
  // Not JSON as received, so no tree (a lenient decoding would draw one with U+FFFD in place of the bytes): why, and where.
  const firstBad = Buffer.byteLength(`${envelope('bytes@example.com')}"name":"`);
  await expect(treeView(page)).toHaveText(`Not shown as a tree: the body is not valid UTF-8 at byte ${firstBad} (\\xFF, counting from 0), so it cannot be JSON.`);
  await expect(treeView(page).getByRole('tree')).toHaveCount(0);
  await expect(deliveries.detail).not.toContainText('\ufffd');
  await expectNothingRan(page, seen);
  await expectResponsive(deliveries);
});

test('a body led by a byte-order mark is not JSON as received: no tree, and the mark is named', async ({ page, inspector }) => {
  await deliverPlain(inspector);
  await deliverSigned(inspector, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), giftCardBody({ recipient_email: 'bom@example.com' })]));

  const { deliveries, seen } = await openWatched(page, inspector);
  await expect(deliveries.row(2)).toContainText('not JSON');
  await open(deliveries, 2);
  await expect(rawView(page)).toContainText('\\u{FEFF}{');
  await expect(treeView(page)).toHaveText('Not valid JSON: the body starts with a UTF-8 byte-order mark, which JSON does not allow.');
  await expect(treeView(page).getByRole('tree')).toHaveCount(0);
  await expectNothingRan(page, seen);
  await expectResponsive(deliveries);
});

test('right-to-left text is shown as written; bidi overrides and isolates are made visible and reorder nothing', async ({ page, inspector }) => {
  await deliverPlain(inspector);
  const body = giftCardBody({
    recipient_email: '\u202emoc.elpmaxe@live',
    recipient_name: 'שלום עולם مرحبا بالعالم',
    // Unescaped, the override in the key would show this value as "100".
    ['amount\u202e']: '001',
    note: 'a\u2066b\u2069c\u200fd\u202de\u202af\u202cg',
  });
  await deliverSigned(inspector, body);

  const { deliveries, seen } = await openWatched(page, inspector);
  await open(deliveries, 2);
  const raw = rawView(page);
  const tree = treeView(page);
  await expect(raw).toContainText('"recipient_email":"\\u{202E}moc.elpmaxe@live"');
  await expect(raw).toContainText('"amount\\u{202E}":"001"');
  await expect(raw).toContainText('"note":"a\\u{2066}b\\u{2069}c\\u{200F}d\\u{202D}e\\u{202A}f\\u{202C}g"');
  await expect(tree).toContainText('"recipient_email": "\\u202emoc.elpmaxe@live"');
  await expect(tree).toContainText('"amount\\u202e": "001"');
  await expect(tree).toContainText('"note": "a\\u2066b\\u2069c\\u200fd\\u202de\\u202af\\u202cg"');
  expect(unseen(await raw.textContent(), isBidiControl)).toEqual([]);
  expect(unseen(await tree.textContent(), isBidiControl)).toEqual([]);
  // Right-to-left scripts are text, not tricks: shown as written, raw and in the tree.
  await expect(raw).toContainText('"recipient_name":"שלום עולם مرحبا بالعالم"');
  await expect(tree).toContainText('"recipient_name": "שלום עולם مرحبا بالعالم"');
  await expectNothingRan(page, seen);
  await expectResponsive(deliveries);
});
