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

/** Writes lines to a file, or to stdout, minding backpressure. */
export async function writeLines(lines: AsyncIterable<string> | Iterable<string>, outFile: string | undefined): Promise<void> {
  const out: Writable = outFile ? createWriteStream(outFile) : process.stdout;
  for await (const line of lines) {
    if (!out.write(line)) await once(out, 'drain');
  }
  if (outFile) {
    out.end();
    await once(out, 'finish');
  }
}
