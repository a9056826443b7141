import { createReadStream } from 'node:fs';

/** Bytes read at a time: a few hundred export lines per chunk. */
const chunkBytes = 1 << 20;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;

/** A file read a chunk at a time, or bytes as they arrive (an upload). */
export type ByteSource = string | AsyncIterable<Buffer>;

/** A line longer than the bound: skipped, never joined; `bytes` is how long it was. */
export interface LongLine {
  tooLong: true;
  bytes: number;
}

const chunksOf = (source: ByteSource): AsyncIterable<Buffer> =>
  typeof source === 'string' ? (createReadStream(source, { highWaterMark: chunkBytes }) as AsyncIterable<Buffer>) : source;

/**
 * The source's lines as bytes, without their \n, a chunk's worth at a time; a line that spans chunks is
 * joined once it ends, unless it grew past `maxLineBytes`: then its bytes are let go as they come, and it is
 * given as a `LongLine`. A \n byte is never part of a longer UTF-8 sequence, so each line decodes on its own.
 */
async function* byteLines(source: ByteSource, maxLineBytes: number): AsyncGenerator<Array<Buffer | LongLine>> {
  // The pieces of the line under way (while within the bound), or how long it is once past it.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let longBytes: number | null = null;
  for await (const chunk of chunksOf(source)) {
    const lines: Array<Buffer | LongLine> = [];
    let start = 0;
    for (let end = chunk.indexOf(lineFeed); end !== -1; end = chunk.indexOf(lineFeed, start)) {
      const piece = chunk.subarray(start, end);
      if (longBytes !== null) lines.push({ tooLong: true, bytes: longBytes + piece.length });
      else if (pendingBytes + piece.length > maxLineBytes) lines.push({ tooLong: true, bytes: pendingBytes + piece.length });
      else lines.push(pending.length === 0 ? piece : Buffer.concat([...pending, piece]));
      pending = [];
      pendingBytes = 0;
      longBytes = null;
      start = end + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      if (longBytes !== null) longBytes += rest.length;
      else if (pendingBytes + rest.length > maxLineBytes) {
        longBytes = pendingBytes + rest.length;
        pending = [];
        pendingBytes = 0;
      } else {
        // A copy when it is a small part of the chunk: a view would keep the whole chunk alive meanwhile.
        pending.push(rest.length < chunk.length / 2 ? Buffer.from(rest) : rest);
        pendingBytes += rest.length;
      }
    }
    if (lines.length > 0) yield lines;
  }
  if (longBytes !== null) yield [{ tooLong: true, bytes: longBytes }];
  else if (pending.length > 0) yield [Buffer.concat(pending)];
}

/** A line ended by \n, split as readline does with crlfDelay Infinity: \r\n is one break, a lone \r another. */
function splitAtCarriageReturns(text: string): string[] {
  const withoutCrlf = text.endsWith('\r') ? text.slice(0, -1) : text;
  return withoutCrlf.includes('\r') ? withoutCrlf.split('\r') : [withoutCrlf];
}

const isLong = (line: Buffer | LongLine): line is LongLine => !Buffer.isBuffer(line);

/**
 * The source's lines as text, exactly as `readline` gives them (crlfDelay Infinity), without its per-line costs;
 * a line (to its \n) longer than `maxLineBytes` comes as a `LongLine`, never held whole.
 */
export async function* textLines(source: ByteSource, maxLineBytes = Infinity): AsyncGenerator<string | LongLine> {
  for await (const lines of byteLines(source, maxLineBytes)) {
    for (const line of lines) {
      if (isLong(line)) yield line;
      else if (line.indexOf(carriageReturn) === -1) yield line.toString('utf8');
      else yield* splitAtCarriageReturns(line.toString('utf8'));
    }
  }
}

/** Printable ASCII other than the space: a line starting with one is not blank. */
const startsWithNonBlank = (line: Buffer) => line.length > 0 && line[0]! > 0x20 && line[0]! < 0x7f;

/** How many of `textLines(file, maxLineBytes)` hold more than whitespace (a long line counts); a line that plainly does is not decoded. */
export async function countNonBlankLines(file: string, maxLineBytes = Infinity): Promise<number> {
  let count = 0;
  for await (const lines of byteLines(file, maxLineBytes)) {
    for (const line of lines) {
      if (isLong(line) || (startsWithNonBlank(line) && line.indexOf(carriageReturn) === -1)) count += 1;
      else for (const text of splitAtCarriageReturns(line.toString('utf8'))) if (text.trim() !== '') count += 1;
    }
  }
  return count;
}
