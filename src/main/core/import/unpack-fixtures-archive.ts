import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract, type Extract } from 'tar-stream';
import { ownFile } from './read-fixtures';

class TooLarge extends Error {
  readonly status = 413;
}

class NotAnArchive extends Error {
  readonly status = 400;
}

/**
 * The file name an archive entry is unpacked as: a fixtures folder's files sit at the top or in one folder
 * (`fixtures-…/0001-….json`); anything deeper, or not a plain name, is no file of the fixtures.
 */
function fixtureFileName(entryPath: string): string | null {
  const parts = entryPath.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || parts.length > 2) return null;
  const name = parts[parts.length - 1]!;
  return ownFile('', name) === null || name.includes('\\') ? null : name;
}

/** Bounds on what an archive unpacks to: in all, against what of it was read, and the uploads' shared budget. */
export interface UnpackBounds {
  /** The most bytes it may unpack to. */
  limitBytes: number;
  /** At most this many times the archive's bytes read so far, once past `ratioFloorBytes` (a gzip bomb is refused early). */
  ratio: number;
  ratioFloorBytes: number;
  /** Told of every unpacked chunk before it is written; throws to stop (the budget of all uploads in progress). */
  onUnpacked?: (bytes: number) => void;
}

/** Counts the bytes that pass (the archive as it was sent). */
function counted(count: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      count.bytes += chunk.byteLength;
      done(null, chunk);
    },
  });
}

/** Counts the bytes unpacked, and fails past the limit or the ratio (a small archive can unpack to a great deal). */
function unpackedLimit(bounds: UnpackBounds, packed: { bytes: number }, label: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.byteLength;
      if (seen > bounds.limitBytes) return done(new TooLarge(`${label} unpacks to more than ${bounds.limitBytes} bytes, the largest this server takes`));
      if (seen > bounds.ratioFloorBytes && seen > bounds.ratio * packed.bytes) {
        return done(new TooLarge(`${label} unpacks to more than ${bounds.ratio} times its own size (${seen} bytes from the first ${packed.bytes}), more than this server takes of an archive`));
      }
      try {
        bounds.onUnpacked?.(chunk.byteLength);
      } catch (error) {
        return done(error as Error);
      }
      done(null, chunk);
    },
  });
}

async function writeEntry(entry: AsyncIterable<Buffer>, dir: string, name: string, label: string): Promise<void> {
  const handle = await open(join(dir, name), 'wx').catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EEXIST' ? new NotAnArchive(`${label} holds two files named ${name}`) : error;
  });
  try {
    for await (const chunk of entry) await handle.write(chunk);
  } finally {
    await handle.close();
  }
}

/**
 * Unpacks an uploaded fixtures archive (.tar.gz, or .tar) into `dir` as it arrives: its plain files only, by
 * name, the bytes unpacked bounded by `bounds`. Links, devices and deeper folders are left out.
 */
export async function unpackFixturesArchive(
  chunks: AsyncIterable<Buffer>,
  options: { gzipped: boolean; dir: string; bounds: UnpackBounds; label: string },
): Promise<void> {
  const { dir, label } = options;
  const extract = tarExtract();
  // A streamx Writable, which Node's pipeline drives as one of its own (its types come from streamx, untyped here).
  const sink = extract as Extract & NodeJS.WritableStream;
  const packed = { bytes: 0 };
  const unpacked = unpackedLimit(options.bounds, packed, label);
  const feeding = options.gzipped
    ? pipeline(Readable.from(chunks), counted(packed), createGunzip(), unpacked, sink)
    : pipeline(Readable.from(chunks), counted(packed), unpacked, sink);
  const reading = (async () => {
    for await (const entry of extract) {
      const name = entry.header.type === 'file' ? fixtureFileName(entry.header.name) : null;
      if (name === null) entry.resume();
      else await writeEntry(entry as AsyncIterable<Buffer>, dir, name, label);
    }
  })();
  // Either side failing stops the other (which then fails for that reason only): the first failure is the cause.
  const failures: Error[] = [];
  const noted = (work: Promise<unknown>) => work.catch((error: Error) => void failures.push(error));
  await Promise.all([noted(feeding), noted(reading)]);
  const failure = failures[0];
  if (failure === undefined) return;
  // Ours (a limit) or the system's (a full disk, the upload cut off) as they are; the decoders' (zlib's Z_… codes,
  // tar-stream's without a code) as what they mean.
  const code = (failure as NodeJS.ErrnoException).code;
  if ('status' in failure || (code !== undefined && !code.startsWith('Z_'))) throw failure;
  throw new NotAnArchive(`${label} is not a fixtures archive (.tar.gz or .tar): ${failure.message}`);
}
