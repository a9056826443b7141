import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromeHar, firefoxHar, httpToolkitHar, type CapturedRequest } from '../fixtures/har-captures';
import { bodyText, giftCardRecipientBody, signedDelivery } from '../fixtures/payloads';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { testSecret } from '../support/deliveries';
import { startTarget, type ReceivedRequest, type ReplayTarget } from '../support/replay-target';
import { runInShell } from '../support/shell';
import { sha256, storedRows } from '../support/transfers';

const hasCurl = spawnSync('which', ['curl']).status === 0;

const url = 'https://hooks.example.test/webhooks?attempt=1';
const jsonBody = Buffer.from(bodyText(giftCardRecipientBody({ recipient_name: 'Zoë "Q" 100% \\ done' })), 'utf8');
const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const captured = (body: Buffer, contentType = 'application/json'): CapturedRequest => ({
  url,
  body,
  headers: { ...signedDelivery(body, testSecret, { deliveryId: 'delivery-1' }).headers, 'Content-Type': contentType },
});

function harFile(name: string, text: string, byteOrderMark = false): string {
  const file = join(mkdtempSync(join(tmpdir(), 'har-import-')), name);
  writeFileSync(file, byteOrderMark ? `\uFEFF${text}` : text);
  return file;
}

const sentPseudoHeaders = (request: ReceivedRequest) => request.headers.filter(([name]) => name.startsWith(':'));

describe('importing HAR files as Chrome, Firefox and HTTP Toolkit write them', () => {
  let target: ReplayTarget;
  const cores: TestCore[] = [];
  beforeAll(async () => {
    target = await startTarget();
  });
  afterEach(async () => {
    await Promise.all(cores.splice(0).map((t) => t.stop()));
  });
  afterAll(() => target.close());

  /** Imports the file, then sends every imported delivery by replay and by the cURL export (sh), and returns what arrived. */
  async function importAndSend(file: string) {
    const t = await startTestCore({ secret: testSecret });
    cores.push(t);
    const result = await t.call('import.path', { path: file });
    const rows = storedRows(t.dataDir);
    const sent: Array<{ row: (typeof rows)[number]; replayed: ReceivedRequest; curled: ReceivedRequest | null }> = [];
    for (const row of rows) {
      const before = target.requests.length;
      const record = await t.call('replay.send', { deliveryId: row.id, url: `${target.url}/hook` });
      expect(record.error).toBeNull();
      const replayed = (await target.received(before + 1))[before]!;
      const { command } = await t.call('export.curl', { deliveryId: row.id, url: `${target.url}/hook` });
      // Some curl versions drop a `-H ':name: value'` silently; others would send it or fail: the command has none.
      expect(command).not.toMatch(/-H ':/);
      let curled: ReceivedRequest | null = null;
      if (hasCurl) {
        const run = await runInShell(command, 'sh');
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
        curled = (await target.received(before + 2))[before + 1]!;
      }
      sent.push({ row, replayed, curled });
    }
    return { t, result, sent };
  }

  function expectSentExactly(sent: Awaited<ReturnType<typeof importAndSend>>['sent'], bodies: Buffer[]) {
    expect(sent.map((s) => sha256(s.row.body))).toEqual(bodies.map(sha256));
    for (const { replayed, curled } of sent) {
      for (const request of curled ? [replayed, curled] : [replayed]) {
        expect(sentPseudoHeaders(request)).toEqual([]);
        expect(request.url).toBe('/hook');
        expect(target.header(request, 'x-service-signature')).toMatch(/^sha256=/);
      }
      expect(curled?.sha256 ?? replayed.sha256).toBe(replayed.sha256);
    }
    expect(sent.map((s) => s.replayed.sha256)).toEqual(bodies.map(sha256));
  }

  it('Chrome over HTTP/2: keeps the pseudo-headers as captured, never sends them, and names a body it left out', async () => {
    const file = harFile('chrome.har', chromeHar([captured(jsonBody), { ...captured(everyByte, 'application/octet-stream'), bodyOmitted: true }]));
    const { t, result, sent } = await importAndSend(file);
    expect(result).toEqual({ imported: 1, skipped: 1, errors: ['entry 2: body of 256 bytes not in the HAR (bodySize > 0, no postData)'] });
    expectSentExactly(sent, [jsonBody]);
    const stored = await t.call('deliveries.get', { id: sent[0]!.row.id });
    expect(stored.headers.slice(0, 4)).toEqual([
      [':authority', 'hooks.example.test'],
      [':method', 'POST'],
      [':path', '/webhooks?attempt=1'],
      [':scheme', 'https'],
    ]);
    expect(stored.signature).toBe('valid');
  });

  it('Firefox, saved with a byte-order mark: imported whole', async () => {
    const file = harFile('firefox.har', firefoxHar([captured(jsonBody), captured(Buffer.from('{"a":"\\u00e9\u00e9"}'))]), true);
    const { result, sent } = await importAndSend(file);
    expect(result).toEqual({ imported: 2, skipped: 0, errors: [] });
    expectSentExactly(sent, [jsonBody, Buffer.from('{"a":"\\u00e9\u00e9"}')]);
  });

  it('HTTP Toolkit: reads a body kept in _content as base64, and names one it discarded as too large', async () => {
    const file = harFile(
      'httptoolkit.har',
      httpToolkitHar([
        { ...captured(jsonBody), as: 'text' },
        { ...captured(everyByte, 'application/octet-stream'), as: 'content' },
        { ...captured(Buffer.alloc(5000, 0x61), 'text/plain'), as: 'too-large' },
      ]),
    );
    const { result, sent } = await importAndSend(file);
    expect(result).toEqual({
      imported: 2,
      skipped: 1,
      errors: ['entry 3: body of 5000 bytes not in the HAR (_requestBodyStatus "discarded:too-large")'],
    });
    expectSentExactly(sent, [jsonBody, everyByte]);
  });
});
