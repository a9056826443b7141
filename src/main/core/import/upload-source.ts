import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImportSource } from './import-item';
import type { ImportLimits } from './import-limits';
import { fixturesSource } from './read-fixtures';
import { harStreamSource } from './read-har';
import { ndjsonStreamSource } from './read-ndjson';
import { unpackFixturesArchive, type UnpackBounds } from './unpack-fixtures-archive';

export interface Upload {
  /** The body as it arrives. */
  chunks: AsyncIterable<Buffer>;
  /** The file's name on the sender's machine, for messages and to tell a .har; never a path here. */
  name: string;
  /** Where the core unpacks an archive (its manifest comes last) while it is imported: a folder of its own. */
  scratchDir: string;
  /** What an archive may unpack to: in all, against its own size, and within the budget of all uploads. */
  unpack: UnpackBounds;
  /** The body limit each delivery is held to. */
  limits: ImportLimits;
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
 * Imports an uploaded NDJSON export, HAR file or fixtures archive with `use`: NDJSON line by line and HAR entry by
 * entry as they arrive (progress while it uploads; neither is ever held whole); an archive (its manifest comes last)
 * is first unpacked into a scratch folder of the core's own, removed after, whether it was imported or refused.
 */
export async function withUploadSource<T>(upload: Upload, use: (source: ImportSource) => Promise<T>): Promise<T> {
  const { head, all } = await peek(upload.chunks, 512);
  const kind = uploadKind(head, upload.name);
  if (kind === 'ndjson') return use(ndjsonStreamSource(all, upload.limits));
  if (kind === 'har') return use(harStreamSource(all, upload.name, upload.limits));
  await mkdir(upload.scratchDir, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(join(upload.scratchDir, 'upload-'));
  try {
    await unpackFixturesArchive(all, { gzipped: kind === 'tar.gz', dir, bounds: upload.unpack, label: upload.name });
    return await use(await fixturesSource(dir, upload.limits, upload.name));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
