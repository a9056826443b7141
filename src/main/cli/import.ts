import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ImportResult } from '../../shared/fixtures';
import { importPath } from '../core/import/import-path';
import { fileSecretStore } from '../core/signing-secret';
import { bulkWriter } from '../core/store/bulk-writer';
import { openStore } from '../core/store/open';
import { builtWriterThreadFile } from '../core/store/writer-thread/thread-file';
import { threadedBulkWriter } from '../core/store/writer-thread/threaded-bulk-writer';
import { defaultDataDir } from './default-data-dir';
import { progressLine } from './progress-line';

export const importUsage = 'webhook-inspector import PATH [--data-dir DIR] [--secret S | --secret-file F]';

/**
 * `import`: a fixtures folder, a HAR file or an NDJSON export into a data dir (created when missing),
 * analyzed with --secret, else the secret the data dir keeps in its file (a desktop keychain's is out of reach).
 */
export async function importCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { 'data-dir': { type: 'string' }, secret: { type: 'string' }, 'secret-file': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new Error(`give one PATH to import\n  ${importUsage}`);
  if (values.secret !== undefined && values['secret-file'] !== undefined) throw new Error('give --secret or --secret-file, not both');
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const secret =
    values['secret-file'] !== undefined
      ? readFileSync(values['secret-file'], 'utf8').trim()
      : (values.secret ?? fileSecretStore(dataDir, 'signing-secret').load());
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = openStore(join(dataDir, 'inspector.sqlite3'));
  // Stored on the writer thread while this one reads and analyses the next chunk, where the build has it.
  const threadFile = builtWriterThreadFile();
  const writer = threadFile ? threadedBulkWriter(db, threadFile) : bulkWriter(db);
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
    // Synced before anything is reported, and the chunks stored before a failure too.
    try {
      await writer.finish();
    } finally {
      db.close();
    }
  }
  for (const error of result.errors) console.error(`skipped ${error}`);
  console.log(`imported ${result.imported}, skipped ${result.skipped}`);
}
