import { createWriteStream, existsSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { openSqliteStore, type SqliteStore } from '../core/store/sqlite-store';

/** Opens the store of an existing data dir (never creates one). */
export function openExistingStore(dataDir: string): SqliteStore {
  const file = join(dataDir, 'inspector.sqlite3');
  if (!existsSync(file)) throw new Error(`no store in ${dataDir}`);
  return openSqliteStore(file);
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
