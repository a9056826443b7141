import { createWriteStream, existsSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { derivedTables } from '../core/store/derived-tables';
import { openStore, type Db } from '../core/store/open';

/** Opens the store of an existing data dir (never creates one), its derived tables brought up to its deliveries. */
export function openExistingStore(dataDir: string): Db {
  const file = join(dataDir, 'inspector.sqlite3');
  if (!existsSync(file)) throw new Error(`no store in ${dataDir}`);
  const db = openStore(file);
  derivedTables(db).catchUpAll();
  return db;
}

/** Writes lines to a file, or to stdout, minding backpressure. */
export async function writeLines(lines: Iterable<string>, outFile: string | undefined): Promise<void> {
  const out: Writable = outFile ? createWriteStream(outFile) : process.stdout;
  for (const line of lines) {
    if (!out.write(line)) await once(out, 'drain');
  }
  if (outFile) {
    out.end();
    await once(out, 'finish');
  }
}
