import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { StoreLocation } from '../core/store/store-location';
import { defaultDataDir } from './default-data-dir';
import { storeVariable } from './store-url';
import { storeUrlFrom, type StoreUrlFlags } from '@webhook-inspector/command-line';

/** The store a command's flags name: `--store`, `--store-file` or the environment's URL, else the data dir's SQLite file. */
export function storeLocationFrom(values: StoreUrlFlags & { 'data-dir'?: string }): StoreLocation {
  return { dataDir: values['data-dir'] ?? defaultDataDir(), url: storeUrlFrom(values, storeVariable) };
}

/**
 * Data on stdout whose reader went away (`| head`) is no longer wanted: the command ends quietly with 0, as Unix
 * tools do, rather than failing with EPIPE.
 */
function endQuietlyWhenStdoutCloses(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

/** Writes lines to a file, or to stdout, minding backpressure; how many it wrote. */
export async function writeLines(lines: AsyncIterable<string> | Iterable<string>, outFile: string | undefined): Promise<number> {
  if (!outFile) endQuietlyWhenStdoutCloses();
  const out: Writable = outFile ? createWriteStream(outFile) : process.stdout;
  let written = 0;
  for await (const line of lines) {
    written += 1;
    if (!out.write(line)) await once(out, 'drain');
  }
  if (outFile) {
    out.end();
    await once(out, 'finish');
  }
  return written;
}

/** What an export wrote, on stderr (stdout may be the data itself): `Exported 12 deliveries as NDJSON to out.ndjson`. */
export function reportExport(count: number, what: 'delivery' | 'lifecycle', format: string, outFile: string | undefined): void {
  const noun = count === 1 ? what : what === 'delivery' ? 'deliveries' : 'lifecycles';
  console.error(`Exported ${count} ${noun} as ${format} to ${outFile ?? 'standard output'}`);
}
