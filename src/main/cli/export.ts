import { lifecycleNdjsonLines, ndjsonLines } from '../core/export/ndjson';
import { withStoreAt } from '../core/store';
import { parseCommandLine } from '@webhook-inspector/command-line';
import { exportDefinition, lifecyclesDefinition } from './export-definition';
import { writeFixturesFolder, writeHar } from './export-fixtures';
import { scopeFromFlags } from './selection-flags';
import { reportExport, storeLocationFrom, writeLines } from './store-output';

/** `export`: the stable NDJSON of every delivery, a fixtures folder, or HAR 1.2. */
export async function exportCommand(args: string[]): Promise<void> {
  const { values } = parseCommandLine(exportDefinition, args);
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
  const { values } = parseCommandLine(lifecyclesDefinition, args);
  if (values.format !== 'ndjson') throw new Error(`--format must be ndjson (got ${values.format ?? 'nothing'})`);
  await withStoreAt(storeLocationFrom(values), async (db) =>
    reportExport(await writeLines(lifecycleNdjsonLines(db), values.out), 'lifecycle', 'NDJSON', values.out),
  );
}
