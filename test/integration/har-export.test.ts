import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { har as validateHar } from 'har-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyText, giftCardRecipientBody, signedDelivery } from '../fixtures/payloads';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { testSecret } from '../support/deliveries';
import { receive, sha256, storedRows } from '../support/transfers';

const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const json = Buffer.from(bodyText(giftCardRecipientBody({ recipient_name: 'Zoë' })), 'utf8');
// UTF-8 text that also reads as base64: it must stay text, never be decoded.
const base64Looking = Buffer.from('3q2+7w==', 'utf8');
const bodies = [everyByte, json, base64Looking, Buffer.alloc(0)];

interface HarRequest {
  postData?: { mimeType: string; text?: string; encoding?: string };
  _content?: { text: string; size: number; encoding: string };
  _requestBodyStatus?: string;
  comment?: string;
  bodySize: number;
}

describe('HAR export of bodies that are and are not UTF-8', () => {
  let source: TestCore;
  let ids: number[];
  let document: { log: { entries: Array<{ request: HarRequest }> } };
  const scratch = () => mkdtempSync(join(tmpdir(), 'har-export-'));

  beforeAll(async () => {
    source = await startTestCore({ secret: testSecret });
    ids = [];
    for (const body of bodies) {
      const { headers } = signedDelivery(body, testSecret);
      ids.push(await receive(source, body, { ...headers, 'Content-Type': body === everyByte ? 'application/octet-stream' : 'application/json' }));
    }
    document = JSON.parse((await source.call('export.har', { selection: { deliveryIds: ids } })).har);
  });
  afterAll(() => source.stop());

  /** Imports a HAR file into a fresh core; the stored bodies and signature verdicts. */
  async function importedBodies(doc: unknown) {
    const file = join(scratch(), 'deliveries.har');
    writeFileSync(file, JSON.stringify(doc));
    const target = await startTestCore({ secret: testSecret });
    try {
      const result = await target.call('import.path', { path: file });
      return { result, rows: storedRows(target.dataDir).map((r) => ({ sha256: sha256(r.body), signature: r.signature })) };
    } finally {
      await target.stop();
    }
  }

  it('is a valid HAR 1.2 document (har-validator, the check HTTP Toolkit runs on import)', async () => {
    await expect(validateHar(document)).resolves.toBe(document);
  });

  it('leaves a body that is not UTF-8 out of postData and keeps its bytes in HTTP Toolkit\'s _content', () => {
    const [binary, ...texts] = document.log.entries.map((e) => e.request);
    // httptoolkit-ui src/model/http/har.ts: `_content` (when present) is the body, as Buffer.from(text, encoding);
    // otherwise postData.text as UTF-8. So postData must not hold base64 for a HAR 1.2 reader to take as the body.
    expect(binary!.postData).toBeUndefined();
    expect(binary!._requestBodyStatus).toBe('discarded:not-representable');
    expect(binary!._content).toEqual({ text: everyByte.toString('base64'), size: 256, encoding: 'base64' });
    expect(binary!.comment).toMatch(/not UTF-8.*_content/);
    expect(binary!.bodySize).toBe(256);
    expect(texts.map((r) => r._content)).toEqual([undefined, undefined, undefined]);
    expect(texts.map((r) => r.postData)).toEqual(
      bodies.slice(1).map((b) => ({ mimeType: 'application/json', text: b.toString('utf8') })),
    );
  });

  it('imports back byte-exact, signatures still valid', async () => {
    const { result, rows } = await importedBodies(document);
    expect(result).toEqual({ imported: bodies.length, skipped: 0, errors: [] });
    expect(rows).toEqual(bodies.map((b) => ({ sha256: sha256(b), signature: 'valid' })));
  });

  it('still imports an export written the old way (base64 in postData.text with encoding: "base64")', async () => {
    const old = structuredClone(document);
    const binary = old.log.entries[0]!.request;
    binary.postData = { mimeType: 'application/octet-stream', text: everyByte.toString('base64'), encoding: 'base64' };
    delete binary._content;
    delete binary._requestBodyStatus;
    delete binary.comment;
    const { result, rows } = await importedBodies(old);
    expect(result).toEqual({ imported: bodies.length, skipped: 0, errors: [] });
    expect(rows.map((r) => r.sha256)).toEqual(bodies.map(sha256));
  });
});
