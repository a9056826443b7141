import type { ImportResult } from '../../shared/fixtures';
import { importPath } from '../core/import/import-path';
import { fileSecretStore } from '../core/signing-secret';
import { openImportWriter } from '../core/store';
import { defaultBodyLimitBytes } from '../core/receiver/body-limit';
import { parseCommandLine, parseSize } from '@webhook-inspector/command-line';
import { importDefinition } from './import-definition';
import { signingSecretFrom } from './signing-secret-options';
import { progressLine } from './progress-line';
import { storeLocationFrom } from './store-output';

/**
 * `import`: a fixtures folder, a HAR file or an NDJSON export into a data dir (created when missing) or a PostgreSQL
 * store, analyzed with --secret, else the secret the data dir keeps in its file (a desktop keychain's is out of reach).
 */
export async function importCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(importDefinition, args);
  const location = storeLocationFrom(values);
  const secret = signingSecretFrom(values) ?? fileSecretStore(location.dataDir, 'signing-secret').load();
  const bodyLimitBytes = values['body-limit'] === undefined ? defaultBodyLimitBytes : parseSize(values['body-limit'], '--body-limit');
  if (bodyLimitBytes === 0) throw new Error('--body-limit must be more than 0');
  const writer = await openImportWriter(location);
  let result: ImportResult;
  try {
    result = await importPath(positionals[0]!, {
      storeChunk: (records) => writer.store(records),
      overlapped: writer.overlapped,
      chunkRows: writer.chunkRows,
      // A command, not a server: its chunks are as large as the bulk writer takes, within a bound of their own.
      chunkBytes: 64 * 1024 * 1024,
      secret: () => secret,
      bodyLimitBytes,
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
