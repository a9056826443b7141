import { PassThrough, Readable, type Readable as ReadableStream } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack as tarPack } from 'tar-stream';
import type { FixtureEntry } from './fixtures-export';

/**
 * A fixtures export as a .tar.gz, made while it is read: the files of the folder the CLI writes, under `folder/`.
 * Each file is handed to the archive only once the reader took the one before, so a large export streams.
 */
export function fixturesArchive(entries: AsyncGenerator<FixtureEntry>, folder: string): ReadableStream {
  const pack = tarPack();
  const mtime = new Date();
  const addEntry = (entry: FixtureEntry) =>
    new Promise<void>((resolve, reject) =>
      pack.entry({ name: `${folder}/${entry.name}`, size: entry.bytes.byteLength, mode: 0o644, mtime }, entry.bytes, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  void (async () => {
    try {
      for await (const entry of entries) await addEntry(entry);
      pack.finalize();
    } catch (error) {
      pack.destroy(error as Error);
    }
  })();
  const archive = new PassThrough();
  // A reader that goes away destroys the pack, which fails the entry being added: the deliveries stop being read.
  pipeline(Readable.from(pack), createGzip(), archive).catch((error: Error) => archive.destroy(error));
  return archive;
}
