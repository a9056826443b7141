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

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
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
