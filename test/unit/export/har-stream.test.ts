import { describe, expect, it } from 'vitest';
import { answerTextCapChars, harEntries, type HarEntryRead } from '../../../src/main/core/import/har-stream';
import { harStreamSource } from '../../../src/main/core/import/read-har';

/** The bytes in chunks of `size`, as a file or an upload gives them (cut anywhere, through a character too). */
async function* inChunks(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function read(text: string | Buffer, bound = 1 << 20, chunk = 7): Promise<HarEntryRead[]> {
  const all: HarEntryRead[] = [];
  for await (const entry of harEntries(inChunks(Buffer.from(text), chunk), 'the.har', bound)) all.push(entry);
  return all;
}

const har = (entries: unknown[], extra: object = {}) => JSON.stringify({ log: { version: '1.2', creator: { name: 'x' }, pages: [{ id: 1 }], entries, ...extra } });

describe('a HAR read as a stream', () => {
  it('gives each entry as JSON.parse reads it, whatever the chunks', async () => {
    const entries = [
      { startedDateTime: '2026-03-02T10:15:31.000Z', request: { method: 'POST', url: 'https://h/a?b=1', headers: [{ name: 'A', value: 'é€😀\u0000"\\/' }], postData: { text: '{"x":[1,2.5e3,-0.25,true,false,null]}' } } },
      { nested: [[[]], {}, [{ a: [] }]], n: -12.5e-3, s: '\ud83d\ude00 and \u2028', t: true, f: false, z: null },
      3,
      'text',
      null,
      [1, 'two'],
    ];
    for (const chunk of [1, 3, 64, 1 << 16]) {
      expect(await read(har(entries), 1 << 20, chunk)).toEqual(entries.map((value) => ({ value })));
    }
  });

  it('keeps __proto__ an own key, as JSON.parse does', async () => {
    const [entry] = await read(har([JSON.parse('{"__proto__":{"polluted":1},"a":1}')]));
    const value = (entry as { value: object }).value;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('accepts a byte-order mark and keys in any order; passes over what is not the entries', async () => {
    const text = `\ufeff{"other":{"entries":[1]},"log":{"entries":[{"a":1}],"creator":{"entries":[2]}},"more":[{"log":3}]}`;
    expect(await read(text)).toEqual([{ value: { a: 1 } }]);
  });

  it('skips an entry past the bound without holding it, and reads the next one', async () => {
    const big = { request: { postData: { text: 'A'.repeat(5000) } } };
    expect(await read(har([{ a: 1 }, big, { b: 2 }, 'B'.repeat(5000), { c: 3 }]), 4096, 1000)).toEqual([
      { value: { a: 1 } },
      { tooLong: true },
      { value: { b: 2 } },
      { tooLong: true },
      { value: { c: 3 } },
    ]);
  });

  it("keeps the first 64 Ki characters of an answer's text, counted apart from the bound", async () => {
    const text = 'r'.repeat(answerTextCapChars + 10);
    const [entry] = await read(har([{ response: { status: 200, content: { text } }, other: { content: { text } } }]), 3 * answerTextCapChars);
    expect(entry).toEqual({ value: { response: { status: 200, content: { text: text.slice(0, answerTextCapChars) } }, other: { content: { text } } } });
  });

  it('a 200 MB body from a generator: skipped, and the reader holds about the bound meanwhile', async () => {
    const piece = Buffer.alloc(1 << 20, 0x41);
    let most = 0;
    const before = process.memoryUsage().heapUsed;
    const note = () => (most = Math.max(most, process.memoryUsage().heapUsed - before));
    async function* huge(): AsyncGenerator<Buffer> {
      yield Buffer.from('{"log":{"entries":[{"a":1},{"request":{"postData":{"text":"');
      for (let i = 0; i < 200; i++) {
        note();
        yield piece;
      }
      yield Buffer.from('"}}},{"b":2}]}}');
    }
    const seen: HarEntryRead[] = [];
    for await (const entry of harEntries(huge(), 'huge.har', 2 << 20)) seen.push(entry);
    expect(seen).toEqual([{ value: { a: 1 } }, { tooLong: true }, { value: { b: 2 } }]);
    // Strings of the chunks come and go; what the reader keeps of the entry stops at the bound (2 Mi characters).
    expect(most).toBeLessThan(64 << 20);
  });

  it('refuses what is no HAR before any entry, and stops with a last error after some', async () => {
    await expect(read('not json')).rejects.toThrow('the.har is not valid JSON');
    await expect(read('[1,2]')).rejects.toThrow('the.har is not a HAR file (not a JSON object)');
    await expect(read('{"log": {"entries": 3}}')).rejects.toThrow('the.har is not a HAR file (log.entries: not an array)');
    await expect(read('{"log": 3}')).rejects.toThrow('the.har is not a HAR file (log: not an object)');
    await expect(read('{"log": {}}')).rejects.toThrow('the.har is not a HAR file (log.entries: missing)');
    await expect(read('{}')).rejects.toThrow('the.har is not a HAR file (log: missing)');
    expect(await read('{"log":{"entries":[{"a":1},{"b":')).toEqual([{ value: { a: 1 } }, { error: 'the file ends before its JSON does; the rest of the file was not read' }]);
    const broken = await read('{"log":{"entries":[{"a":1},{"b" 2}]}}');
    expect(broken).toHaveLength(2);
    expect(broken[1]).toEqual({ error: expect.stringMatching(/^not valid JSON from here on \(.*\); the rest of the file was not read$/) });
  });

  it('names an entry past the bound by what the body limit allows', async () => {
    const limits = { bodyLimitBytes: 1000 };
    const body = (n: number) => ({ startedDateTime: '2026-03-02T10:15:31.000Z', request: { method: 'POST', url: 'https://h/', headers: [], postData: { text: 'x'.repeat(n) } } });
    const text = har([body(1000), body(1001), body(400_000)]);
    const outcomes = [];
    for await (const outcome of harStreamSource(inChunks(Buffer.from(text), 4096), 'the.har', limits).outcomes) outcomes.push(outcome);
    expect(outcomes.map((o) => ('error' in o ? `${o.where}: ${o.error}` : `${o.where}: ${o.item.raw.body.length}`))).toEqual([
      'entry 1: 1000',
      'entry 2: body of 1001 bytes is over the body limit of 1000 bytes; not imported',
      `entry 3: more than ${1336 + 256 * 1024} characters, longer than a delivery within the body limit of 1000 bytes takes; not read`,
    ]);
  });
});
