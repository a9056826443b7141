import type { ImportResult } from '../../../shared/fixtures';
import { ProgressCounter, noProgress, type ProgressListener } from '../export/progress';
import type { DeliveryRecord } from '../store/delivery-record';
import { importedRecord } from './import-item';
import { openImportSource } from './open-source';

export interface ImportTarget {
  /** The writer deliveries go through (the core's group-commit writer, or the CLI's own). */
  store: (record: DeliveryRecord) => Promise<number>;
  /** The secret in force, read for every delivery as the receiver does. */
  secret: () => string | null;
  onProgress?: ProgressListener;
  progressEvery?: number;
}

// Enough to share a few commits, few enough to let the receiver in between.
const commitChunk = 500;
const reportedErrors = 100;

/** Imports a fixtures folder, a HAR file or an NDJSON export; unreadable entries are skipped and reported. */
export async function importPath(path: string, target: ImportTarget): Promise<ImportResult> {
  const source = await openImportSource(path);
  const progress = new ProgressCounter(target.onProgress ?? noProgress, target.progressEvery ?? 100, source.total);
  const errors: string[] = [];
  let imported = 0;
  let skipped = 0;
  let pending: Array<Promise<number>> = [];
  const commit = async () => {
    const writes = pending;
    pending = [];
    await Promise.all(writes);
    imported += writes.length;
    for (let i = 0; i < writes.length; i++) progress.advance();
  };
  try {
    for await (const outcome of source.outcomes) {
      if ('error' in outcome) {
        skipped += 1;
        if (errors.length < reportedErrors) errors.push(`${outcome.where}: ${outcome.error}`);
        progress.advance();
        continue;
      }
      pending.push(target.store(importedRecord(outcome.item, target.secret())));
      if (pending.length >= commitChunk) await commit();
    }
    await commit();
  } finally {
    // Writes still queued when reading failed settle before the error is reported.
    await Promise.allSettled(pending);
    progress.finish();
  }
  if (skipped > errors.length) errors.push(`… and ${skipped - errors.length} more skipped`);
  return { imported, skipped, errors };
}
