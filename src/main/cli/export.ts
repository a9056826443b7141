import { parseArgs } from 'node:util';
import { lifecycleNdjsonLines, ndjsonLines } from '../core/export/ndjson';
import type { Db } from '../core/store/open';
import { defaultDataDir } from './default-data-dir';
import { openExistingStore, writeLines } from './store-output';

export const exportUsage = 'webhook-inspector export [--data-dir DIR] --format ndjson [--out FILE]';
export const lifecyclesUsage = 'webhook-inspector lifecycles [--data-dir DIR] --format ndjson [--out FILE]';

/** `export` and `lifecycles`: NDJSON lines from a data dir's store. */
function ndjsonCommand(lines: (db: Db) => Iterable<string>) {
  return async (args: string[]): Promise<void> => {
    const { values } = parseArgs({
      args,
      options: { 'data-dir': { type: 'string' }, format: { type: 'string' }, out: { type: 'string' } },
      strict: true,
    });
    if (values.format !== 'ndjson') throw new Error(`--format must be ndjson (got ${values.format ?? 'nothing'})`);
    const db = openExistingStore(values['data-dir'] ?? defaultDataDir());
    try {
      await writeLines(lines(db), values.out);
    } finally {
      db.close();
    }
  };
}

export const exportCommand = ndjsonCommand(ndjsonLines);
export const lifecyclesCommand = ndjsonCommand(lifecycleNdjsonLines);
