import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportSource } from './import-item';
import { fixturesSource } from './read-fixtures';
import { harSource } from './read-har';
import { ndjsonStreamSource } from './read-ndjson';
import { unpackFixturesArchive } from './unpack-fixtures-archive';

export interface Upload {
  /** The body as it arrives. */
  chunks: AsyncIterable<Buffer>;
  /** The file's name on the sender's machine, for messages and to tell a .har; never a path here. */
  name: string;
  /** Where the core keeps an upload it must see whole (a HAR, an archive) while it is imported: a folder of its own. */
  scratchDir: string;
  /** The most bytes an archive may unpack to. */
  unpackedLimitBytes: number;
}

/** The first bytes of a stream, and all of its bytes again from the start. */
async function peek(chunks: AsyncIterable<Buffer>, count: number): Promise<{ head: Buffer; all: AsyncGenerator<Buffer> }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const read: Buffer[] = [];
  let size = 0;
  while (size < count) {
    const next = await iterator.next();
    if (next.done) break;
    read.push(next.value);
    size += next.value.byteLength;
  }
  async function* all(): AsyncGenerator<Buffer> {
    yield* read;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head: Buffer.concat(read).subarray(0, count), all: all() };
}

type UploadKind = 'tar.gz' | 'tar' | 'har' | 'ndjson';

/** What the bytes are: as `openImportSource` tells a file (HAR by name or by its start), and an archive by its magic. */
function uploadKind(head: Buffer, name: string): UploadKind {
  if (head[0] === 0x1f && head[1] === 0x8b) return 'tar.gz';
  if (head.toString('latin1', 257, 262) === 'ustar') return 'tar';
  if (/\.har$/i.test(name) || /^(\uFEFF)?\s*\{\s*"log"\s*:/.test(head.toString('utf8'))) return 'har';
  return 'ndjson';
}

/**
 * Imports an uploaded NDJSON export, HAR file or fixtures archive with `use`: NDJSON line by line as it arrives
 * (progress while it uploads); a HAR (one JSON document) and an archive (its manifest comes last) are first kept
 * in a scratch folder of the core's own, removed after.
 */
export async function withUploadSource<T>(upload: Upload, use: (source: ImportSource) => Promise<T>): Promise<T> {
  const { head, all } = await peek(upload.chunks, 512);
  const kind = uploadKind(head, upload.name);
  if (kind === 'ndjson') return use(ndjsonStreamSource(all));
  await mkdir(upload.scratchDir, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(join(upload.scratchDir, 'upload-'));
  try {
    if (kind === 'har') {
      const file = join(dir, 'upload.har');
      await pipeline(Readable.from(all), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      return await use(await harSource(file, upload.name));
    }
    await unpackFixturesArchive(all, { gzipped: kind === 'tar.gz', dir, limitBytes: upload.unpackedLimitBytes, label: upload.name });
    return await use(await fixturesSource(dir, upload.name));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
