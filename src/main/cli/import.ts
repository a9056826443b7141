import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ImportResult } from '../../shared/fixtures';
import { importPath } from '../core/import/import-path';
import { fileSecretStore } from '../core/signing-secret';
import { openImportWriter } from '../core/store/import-writer';
import { progressLine } from './progress-line';
import { storeUrlOptions } from './store-url';
import { storeLocationFrom, storeLocationHelp, storeLocationUsage } from './store-output';

export const importUsage = `webhook-inspector import PATH ${storeLocationUsage} [--secret S | --secret-file F]\n    ${storeLocationHelp}`;

/**
 * `import`: a fixtures folder, a HAR file or an NDJSON export into a data dir (created when missing) or a PostgreSQL
 * store, analyzed with --secret, else the secret the data dir keeps in its file (a desktop keychain's is out of reach).
 */
export async function importCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { 'data-dir': { type: 'string' }, ...storeUrlOptions, secret: { type: 'string' }, 'secret-file': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new Error(`give one PATH to import\n  ${importUsage}`);
  if (values.secret !== undefined && values['secret-file'] !== undefined) throw new Error('give --secret or --secret-file, not both');
  const location = storeLocationFrom(values);
  const secret =
    values['secret-file'] !== undefined
      ? readFileSync(values['secret-file'], 'utf8').trim()
      : (values.secret ?? fileSecretStore(location.dataDir, 'signing-secret').load());
  const writer = await openImportWriter(location);
  let result: ImportResult;
  try {
    result = await importPath(positionals[0]!, {
      storeChunk: (records) => writer.store(records),
      overlapped: writer.overlapped,
      chunkRows: writer.chunkRows,
      secret: () => secret,
      onProgress: progressLine('import'),
      // A line per chunk: they are stored a chunk at a time, so finer lines would come in bursts.
      progressEvery: writer.chunkRows,
    });
  } finally {
    // Durable (and derived) before anything is reported, and the chunks stored before a failure too.
    await writer.finish();
  }
  for (const error of result.errors) console.error(`skipped ${error}`);
  console.log(`imported ${result.imported}, skipped ${result.skipped}`);
}
