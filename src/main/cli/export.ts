import { parseArgs } from 'node:util';
import { lifecycleNdjsonLines, ndjsonLines } from '../core/export/ndjson';
import { withStoreAt } from '../core/store/store-location';
import { writeFixturesFolder, writeHar } from './export-fixtures';
import { scopeFromFlags } from './selection-flags';
import { storeUrlOptions } from './store-url';
import { reportExport, storeLocationFrom, storeLocationHelp, storeLocationUsage, writeLines } from './store-output';

const selectionUsage = '[--ids 1,2,3 | --lifecycle KEY | --group IDEMPOTENCY_KEY]';
export const exportUsage = [
  `webhook-inspector export ${storeLocationUsage} --format ndjson [--out FILE]`,
  `  webhook-inspector export ${storeLocationUsage} --format fixtures [--out DIR] ${selectionUsage} [--test-secret S] [--redact] [--strip-signatures]`,
  `  webhook-inspector export ${storeLocationUsage} --format har [--out FILE] ${selectionUsage} [--base-url URL]`,
  `    ${storeLocationHelp}`,
].join('\n');
export const lifecyclesUsage = `webhook-inspector lifecycles ${storeLocationUsage} --format ndjson [--out FILE]\n    ${storeLocationHelp}`;

/** `export`: the stable NDJSON of every delivery, a fixtures folder, or HAR 1.2. */
export async function exportCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      'data-dir': { type: 'string' },
      ...storeUrlOptions,
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
  const location = storeLocationFrom(values);
  const scope = scopeFromFlags(values);
  const fixtureFlags = values['test-secret'] !== undefined || values.redact || values['strip-signatures'];
  if (values.format !== 'fixtures' && fixtureFlags) throw new Error('--test-secret, --redact and --strip-signatures apply to --format fixtures');
  if (values.format !== 'har' && values['base-url'] !== undefined) throw new Error('--base-url applies to --format har');
  switch (values.format) {
    case 'ndjson':
      if (scope !== 'all') throw new Error('--format ndjson exports every delivery: --ids, --lifecycle and --group apply to fixtures and har');
      return withStoreAt(location, async (db) => reportExport(await writeLines(ndjsonLines(db), values.out), 'delivery', 'NDJSON', values.out));
    case 'fixtures':
      return withStoreAt(location, (db) =>
        writeFixturesFolder(db, location.dataDir, scope, {
          out: values.out,
          testSecret: values['test-secret'],
          redact: values.redact,
          stripSignatures: values['strip-signatures'],
        }),
      );
    case 'har':
      return withStoreAt(location, (db) => writeHar(db, scope, values.out, values['base-url']));
    default:
      throw new Error(`--format must be ndjson, fixtures or har (got ${values.format ?? 'nothing'})`);
  }
}

/** `lifecycles`: one NDJSON line per lifecycle. */
export async function lifecyclesCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { 'data-dir': { type: 'string' }, ...storeUrlOptions, format: { type: 'string' }, out: { type: 'string' } },
    strict: true,
  });
  if (values.format !== 'ndjson') throw new Error(`--format must be ndjson (got ${values.format ?? 'nothing'})`);
  await withStoreAt(storeLocationFrom(values), async (db) =>
    reportExport(await writeLines(lifecycleNdjsonLines(db), values.out), 'lifecycle', 'NDJSON', values.out),
  );
}
