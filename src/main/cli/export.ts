import { parseArgs } from 'node:util';
import { lifecycleNdjsonLines, ndjsonLines } from '../core/export/ndjson';
import type { InspectorStore } from '../core/store/inspector-store';
import { defaultDataDir } from './default-data-dir';
import { writeFixturesFolder, writeHar } from './export-fixtures';
import { scopeFromFlags } from './selection-flags';
import { openExistingStore, reportExport, writeLines } from './store-output';

const selectionUsage = '[--ids 1,2,3 | --lifecycle KEY | --group IDEMPOTENCY_KEY]';
export const exportUsage = [
  'webhook-inspector export [--data-dir DIR] --format ndjson [--out FILE]',
  `  webhook-inspector export [--data-dir DIR] --format fixtures [--out DIR] ${selectionUsage} [--test-secret S] [--redact] [--strip-signatures]`,
  `  webhook-inspector export [--data-dir DIR] --format har [--out FILE] ${selectionUsage} [--base-url URL]`,
].join('\n');
export const lifecyclesUsage = 'webhook-inspector lifecycles [--data-dir DIR] --format ndjson [--out FILE]';

async function withStore(dataDir: string, work: (store: InspectorStore) => Promise<void>): Promise<void> {
  const store = openExistingStore(dataDir);
  try {
    await work(store);
  } finally {
    await store.close();
  }
}

/** `export`: the stable NDJSON of every delivery, a fixtures folder, or HAR 1.2. */
export async function exportCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      'data-dir': { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      ids: { type: 'string' },
      lifecycle: { type: 'string' },
      group: { type: 'string' },
      'test-secret': { type: 'string' },
      redact: { type: 'boolean', default: false },
      'strip-signatures': { type: 'boolean', default: false },
      'base-url': { type: 'string' },
    },
    strict: true,
  });
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const scope = scopeFromFlags(values);
  const fixtureFlags = values['test-secret'] !== undefined || values.redact || values['strip-signatures'];
  if (values.format !== 'fixtures' && fixtureFlags) throw new Error('--test-secret, --redact and --strip-signatures apply to --format fixtures');
  if (values.format !== 'har' && values['base-url'] !== undefined) throw new Error('--base-url applies to --format har');
  switch (values.format) {
    case 'ndjson':
      if (scope !== 'all') throw new Error('--format ndjson exports every delivery: --ids, --lifecycle and --group apply to fixtures and har');
      return withStore(dataDir, async (db) => reportExport(await writeLines(ndjsonLines(db), values.out), 'delivery', 'NDJSON', values.out));
    case 'fixtures':
      return withStore(dataDir, (db) =>
        writeFixturesFolder(db, dataDir, scope, {
          out: values.out,
          testSecret: values['test-secret'],
          redact: values.redact,
          stripSignatures: values['strip-signatures'],
        }),
      );
    case 'har':
      return withStore(dataDir, (db) => writeHar(db, scope, values.out, values['base-url']));
    default:
      throw new Error(`--format must be ndjson, fixtures or har (got ${values.format ?? 'nothing'})`);
  }
}

/** `lifecycles`: one NDJSON line per lifecycle. */
export async function lifecyclesCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { 'data-dir': { type: 'string' }, format: { type: 'string' }, out: { type: 'string' } },
    strict: true,
  });
  if (values.format !== 'ndjson') throw new Error(`--format must be ndjson (got ${values.format ?? 'nothing'})`);
  await withStore(values['data-dir'] ?? defaultDataDir(), async (db) =>
    reportExport(await writeLines(lifecycleNdjsonLines(db), values.out), 'lifecycle', 'NDJSON', values.out),
  );
}
