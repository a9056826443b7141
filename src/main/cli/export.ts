import { createWriteStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { ndjsonLines } from '../core/export/ndjson';
import { openStore } from '../core/store/open';
import { defaultDataDir } from './default-data-dir';

export const exportUsage = 'webhook-inspector export [--data-dir DIR] --format ndjson [--out FILE]';

export async function exportCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { 'data-dir': { type: 'string' }, format: { type: 'string' }, out: { type: 'string' } },
    strict: true,
  });
  if (values.format !== 'ndjson') throw new Error(`--format must be ndjson (got ${values.format ?? 'nothing'})`);
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const file = join(dataDir, 'inspector.sqlite3');
  if (!existsSync(file)) throw new Error(`no store in ${dataDir}`);
  const db = openStore(file);
  const out: Writable = values.out ? createWriteStream(values.out) : process.stdout;
  try {
    for (const line of ndjsonLines(db)) {
      if (!out.write(line)) await once(out, 'drain');
    }
  } finally {
    db.close();
  }
  if (values.out) {
    out.end();
    await once(out, 'finish');
  }
}
