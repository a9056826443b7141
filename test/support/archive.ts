import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract } from 'tar-stream';

/** The files of a .tar.gz (or .tar), by path, as bytes. */
export async function unpackArchive(bytes: Buffer, gzipped = true): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const extract = tarExtract();
  const reading = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
      if (entry.header.type === 'file') files.set(entry.header.name, Buffer.concat(chunks));
    }
  })();
  const sink = extract as typeof extract & NodeJS.WritableStream;
  await Promise.all([gzipped ? pipeline(Readable.from([bytes]), createGunzip(), sink) : pipeline(Readable.from([bytes]), sink), reading]);
  return files;
}
