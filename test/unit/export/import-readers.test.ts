import fc from 'fast-check';
import { z } from 'zod';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { importedRecord, type ImportItem } from '../../../src/main/core/import/import-item';
import { harEntryOutcome } from '../../../src/main/core/import/read-har';
import { ndjsonOutcome } from '../../../src/main/core/import/read-ndjson';
import { scopeFromFlags } from '../../../src/main/cli/selection-flags';

const entry = (url: string, postData?: object) => ({
  startedDateTime: '2026-03-02T10:15:31.000Z',
  request: { method: 'POST', url, headers: [{ name: 'Content-Type', value: 'application/json' }], postData },
  response: { status: 202 },
});

describe('reading export entries back', () => {
  it('takes the HAR request target as written, not normalized', () => {
    const outcome = harEntryOutcome(entry('https://127.0.0.1:8443/a/../b%2F?x=1&y=%20#frag', { text: '{}' }), 'entry 1');
    expect(outcome).toMatchObject({
      item: { raw: { path: '/a/../b%2F', query: 'x=1&y=%20', body: Buffer.from('{}') }, tls: true, receivedAt: Date.parse('2026-03-02T10:15:31.000Z') },
    });
    expect(harEntryOutcome(entry('http://h'), 'entry 2')).toMatchObject({ item: { raw: { path: '/', query: '', body: Buffer.alloc(0) }, tls: false } });
    expect(harEntryOutcome(entry('http://h/', { text: '3q2+7w==', _encoding: 'base64' }), 'e')).toMatchObject({
      item: { raw: { body: Buffer.from([0xde, 0xad, 0xbe, 0xef]) }, response: { status: 202, reason: 'imported from HAR' } },
    });
  });

  it('reads a request body from postData or HTTP Toolkit\'s _content, and names one the file left out', () => {
    const withRequest = (request: object) => ({ ...entry('http://h/'), request: { ...entry('http://h/').request, ...request } });
    const body = (request: object) => harEntryOutcome(withRequest(request), 'entry 4');
    expect(body({ bodySize: 4, _content: { text: '3q2+7w==', encoding: 'base64' } })).toMatchObject({ item: { raw: { body: Buffer.from([0xde, 0xad, 0xbe, 0xef]) } } });
    expect(body({ postData: { text: '' }, _content: { text: 'é' } })).toMatchObject({ item: { raw: { body: Buffer.from('é') } } });
    expect(body({ postData: { text: 'placeholder' }, _content: { text: '3q2+7w==', encoding: 'base64' } })).toMatchObject({
      item: { raw: { body: Buffer.from([0xde, 0xad, 0xbe, 0xef]) } },
    });
    expect(body({ bodySize: 0 })).toMatchObject({ item: { raw: { body: Buffer.alloc(0) } } });
    expect(body({ bodySize: 512 })).toEqual({ where: 'entry 4', error: 'body of 512 bytes not in the HAR (bodySize > 0, no postData)' });
    expect(body({ bodySize: 9, postData: { mimeType: 'x', text: '' } })).toEqual({
      where: 'entry 4',
      error: 'body of 9 bytes not in the HAR (bodySize > 0, postData.text empty)',
    });
    expect(body({ bodySize: -1, postData: { params: [{ name: 'a', value: 'b' }] } })).toEqual({
      where: 'entry 4',
      error: 'body not in the HAR (postData gives params only, not the bytes)',
    });
    expect(body({ _requestBodyStatus: 'discarded:not-decodable' })).toMatchObject({ error: 'body not in the HAR (_requestBodyStatus "discarded:not-decodable")' });
    expect(body({ _requestBodyStatus: 'discarded because ada@example.com' })).toMatchObject({ error: 'body not in the HAR (_requestBodyStatus says discarded)' });
    expect(body({ postData: { text: 'x', encoding: 'gzip' } })).toMatchObject({ error: 'postData encoding "gzip" is not supported (base64 or none)' });
  });

  it('says which NDJSON field is wrong without echoing its value', () => {
    const outcome = ndjsonOutcome(JSON.stringify({ receivedAt: 'x', method: 'POST', path: 'no-slash', headers: [], bodyBase64: 'c2VjcmV0' }), 'line 9');
    expect(outcome).toEqual({ where: 'line 9', error: expect.stringMatching(/^path: /) });
    expect(JSON.stringify(outcome)).not.toContain('no-slash');
  });

  it('decodes bodyBase64 as before: canonical or not, and names what is not base64', () => {
    const line = (fields: object) =>
      JSON.stringify({ receivedAt: '2026-03-02T10:15:31.000Z', method: 'POST', path: '/hook', headers: [], bodyBase64: 'e30=', ...fields });
    expect(ndjsonOutcome(line({}), 'line 1')).toMatchObject({ item: { raw: { body: Buffer.from('{}') } } });
    // Unused bits set in the last character: not what an export writes, but base64 all the same.
    expect(ndjsonOutcome(line({ bodyBase64: 'QR==' }), 'line 2')).toMatchObject({ item: { raw: { body: Buffer.from('A') } } });
    expect(ndjsonOutcome(line({ bodyBase64: '' }), 'line 3')).toMatchObject({ item: { raw: { body: Buffer.alloc(0) } } });
    for (const text of ['QQ=', 'e3 0=', 'e30', 'e-0=', '=e30']) {
      expect(ndjsonOutcome(line({ bodyBase64: text }), 'line 4'), text).toEqual({ where: 'line 4', error: expect.stringMatching(/^bodyBase64: /) });
    }
    // Taken exactly when z.base64() takes it (checked without copying the text), over text of its alphabet, '=' and others.
    fc.assert(
      fc.property(fc.array(fc.constantFrom('A', 'z', '0', '+', '/', '=', '-', ' ', '\n', 'é'), { maxLength: 12 }), (characters) => {
        const text = characters.join('');
        const outcome = ndjsonOutcome(line({ bodyBase64: text }), 'line 6');
        expect('item' in outcome, text).toBe(z.base64().safeParse(text).success);
      }),
      { numRuns: 2000 },
    );
    // Every wrong field named, as before, whichever check found the first.
    const both = ndjsonOutcome(line({ bodyBase64: 'QQ=', path: 'no-slash' }), 'line 5');
    expect(both).toEqual({ where: 'line 5', error: expect.stringMatching(/path: .*bodyBase64: |bodyBase64: .*path: /) });
  });

  it('checks bodySha256 once and keeps that digest for the row', () => {
    const body = Buffer.from('{"event":"payout.processing"}');
    const digest = createHash('sha256').update(body).digest('hex');
    const line = (bodySha256?: string) =>
      JSON.stringify({ receivedAt: '2026-03-02T10:15:31.000Z', method: 'POST', path: '/hook', headers: [], bodyBase64: body.toString('base64'), bodySha256 });
    const matched = ndjsonOutcome(line(digest.toUpperCase()), 'line 1');
    expect(matched).toMatchObject({ item: { bodySha256: digest } });
    expect(importedRecord((matched as { item: ImportItem }).item, null).bodySha256).toBe(digest);
    const unchecked = ndjsonOutcome(line(), 'line 2') as { item: ImportItem };
    expect(importedRecord(unchecked.item, null).bodySha256).toBe(digest);
    expect(ndjsonOutcome(line('0'.repeat(64)), 'line 3')).toEqual({ where: 'line 3', error: expect.stringContaining('does not match its bodySha256') });
  });

  it('reads the CLI selection flags', () => {
    expect(scopeFromFlags({})).toBe('all');
    expect(scopeFromFlags({ ids: '3, 1,2' })).toEqual({ deliveryIds: [3, 1, 2] });
    expect(scopeFromFlags({ lifecycle: 'send:1' })).toEqual({ lifecycleKey: 'send:1' });
    expect(scopeFromFlags({ group: 'k' })).toEqual({ idempotencyKey: 'k' });
    expect(() => scopeFromFlags({ ids: '1,x' })).toThrow(/--ids/);
    expect(() => scopeFromFlags({ ids: '1', group: 'k' })).toThrow(/one of/);
  });
});
