import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { countNonBlankLines, textLines } from '../../../src/main/core/import/file-lines';

const dir = mkdtempSync(join(tmpdir(), 'file-lines-'));
let files = 0;
const fileOf = (content: string | Buffer) => {
  const file = join(dir, `f${files++}`);
  writeFileSync(file, content);
  return file;
};

/** What the import read before: Node's readline over the file. */
async function readlineLines(file: string): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) lines.push(line);
  return lines;
}

async function collect<T>(lines: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const line of lines) all.push(line);
  return all;
}

const chunk = 1 << 20;

describe('reading an NDJSON file line by line', () => {
  const cases: Array<[string, string | Buffer]> = [
    ['empty', ''],
    ['one line without an end', '{"a":1}'],
    ['LF', '{"a":1}\n{"b":2}\n'],
    ['CRLF', '{"a":1}\r\n{"b":2}\r\n'],
    ['a lone CR is a break too', 'a\rb\r\nc\r\rd\r'],
    ['CR CR LF', 'a\r\r\nb'],
    ['blank and whitespace lines', '\n  \n\t\n{"a":1}\n\r\n \u00a0\n\ufeff\n'],
    ['a byte-order mark kept on the first line', '\ufeff{"a":1}\n'],
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0xc3, 0x0a, 0xe2, 0x82, 0x0a, 0x7d])],
    ['lines across chunk boundaries', `${'x'.repeat(chunk - 3)}é\r\n${'y'.repeat(2 * chunk + 5)}\n\n${'z'.repeat(chunk)}`],
    ['CRLF split between chunks', `${'x'.repeat(chunk - 1)}\r\ny`],
    ['multi-byte characters split between chunks', `${'x'.repeat(chunk - 1)}€😀\n${'é'.repeat(chunk)}`],
  ];

  it.each(cases)('gives the lines readline gives: %s', async (_, content) => {
    const file = fileOf(content);
    const expected = await readlineLines(file);
    expect(await collect(textLines(file))).toEqual(expected);
    expect(await countNonBlankLines(file)).toBe(expected.filter((line) => line.trim() !== '').length);
  });
});

/** Bytes of ArrayBuffers (Buffers) the process holds now. */
const bufferBytes = () => process.memoryUsage().arrayBuffers;

describe('a line past the bound', () => {
  const bound = 1 << 20;

  it('is given as too long, never joined, and the lines after it are read', async () => {
    const lines = await collect(textLines(fileOf(`{"a":1}\n${'x'.repeat(bound)}\n${'y'.repeat(bound + 1)}\r\n${'z'.repeat(3 * chunk + 7)}\n{"b":2}\n`), bound));
    expect(lines).toEqual(['{"a":1}', 'x'.repeat(bound), { tooLong: true, bytes: bound + 2 }, { tooLong: true, bytes: 3 * chunk + 7 }, '{"b":2}']);
    expect(await countNonBlankLines(fileOf(`a\n${'y'.repeat(bound + 1)}\n\nb`), bound)).toBe(3);
  });

  it('at the end of the source, without its \\n', async () => {
    expect(await collect(textLines(fileOf(`a\n${'y'.repeat(2 * bound)}`), bound))).toEqual(['a', { tooLong: true, bytes: 2 * bound }]);
  });

  it('a line of 512 MiB from a generator: the reader holds no more than about the bound meanwhile', async () => {
    const piece = Buffer.alloc(chunk, 0x41);
    let most = 0;
    const before = bufferBytes();
    const note = () => (most = Math.max(most, bufferBytes() - before));
    async function* huge(): AsyncGenerator<Buffer> {
      yield Buffer.from('{"first":1}\n{"bodyBase64":"');
      // The same chunk again and again: anything the reader keeps of them, or joins, shows as bytes held.
      for (let i = 0; i < 512; i++) {
        note();
        yield piece;
      }
      yield Buffer.from('"}\n{"after":2}\n');
    }
    const seen: Array<string | { tooLong: true; bytes: number }> = [];
    for await (const line of textLines(huge(), bound)) {
      note();
      seen.push(line);
    }
    expect(seen).toEqual(['{"first":1}', { tooLong: true, bytes: 512 * chunk + '{"bodyBase64":"'.length + 2 }, '{"after":2}']);
    expect(most).toBeLessThan(8 * bound);
  });
});
