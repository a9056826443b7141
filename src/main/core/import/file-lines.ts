import { createReadStream } from 'node:fs';

/** Bytes read at a time: a few hundred export lines per chunk. */
const chunkBytes = 1 << 20;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;

/** A file read a chunk at a time, or bytes as they arrive (an upload). */
export type ByteSource = string | AsyncIterable<Buffer>;

const chunksOf = (source: ByteSource): AsyncIterable<Buffer> =>
  typeof source === 'string' ? (createReadStream(source, { highWaterMark: chunkBytes }) as AsyncIterable<Buffer>) : source;

/**
 * The source's lines as bytes, without their \n, a chunk's worth at a time; a line that spans chunks is
 * joined once it ends. A \n byte is never part of a longer UTF-8 sequence, so each line decodes on its own.
 */
async function* byteLines(source: ByteSource): AsyncGenerator<Buffer[]> {
  let pending: Buffer[] = [];
  for await (const chunk of chunksOf(source)) {
    const lines: Buffer[] = [];
    let start = 0;
    for (let end = chunk.indexOf(lineFeed); end !== -1; end = chunk.indexOf(lineFeed, start)) {
      const piece = chunk.subarray(start, end);
      lines.push(pending.length === 0 ? piece : Buffer.concat([...pending, piece]));
      pending = [];
      start = end + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
    if (lines.length > 0) yield lines;
  }
  if (pending.length > 0) yield [Buffer.concat(pending)];
}

/** A line ended by \n, split as readline does with crlfDelay Infinity: \r\n is one break, a lone \r another. */
function splitAtCarriageReturns(text: string): string[] {
  const withoutCrlf = text.endsWith('\r') ? text.slice(0, -1) : text;
  return withoutCrlf.includes('\r') ? withoutCrlf.split('\r') : [withoutCrlf];
}

/** The source's lines as text, exactly as `readline` gives them (crlfDelay Infinity), without its per-line costs. */
export async function* textLines(source: ByteSource): AsyncGenerator<string> {
  for await (const lines of byteLines(source)) {
    for (const line of lines) {
      const text = line.toString('utf8');
      if (line.indexOf(carriageReturn) === -1) yield text;
      else yield* splitAtCarriageReturns(text);
    }
  }
}

/** Printable ASCII other than the space: a line starting with one is not blank. */
const startsWithNonBlank = (line: Buffer) => line.length > 0 && line[0]! > 0x20 && line[0]! < 0x7f;

/** How many of `textLines(file)` hold more than whitespace; a line that plainly does is not decoded. */
export async function countNonBlankLines(file: string): Promise<number> {
  let count = 0;
  for await (const lines of byteLines(file)) {
    for (const line of lines) {
      if (startsWithNonBlank(line) && line.indexOf(carriageReturn) === -1) count += 1;
      else for (const text of splitAtCarriageReturns(line.toString('utf8'))) if (text.trim() !== '') count += 1;
    }
  }
  return count;
}
