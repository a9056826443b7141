import type { ImportResult } from '../../../shared/fixtures';
import { ProgressCounter, noProgress, type ProgressListener } from '../export/progress';
import type { DeliveryRecord } from '../delivery-record/delivery-record';
import { importedRecord, type ImportSource } from './import-item';
import { openImportSource } from './open-source';

export interface ImportTarget {
  /** Stores a chunk of deliveries; settles once they are committed (the core's group commit, or a command's bulk writer). */
  storeChunk: (records: DeliveryRecord[]) => Promise<unknown> | unknown;
  /** Whether the next chunk is read while this one is stored (a writer on another thread): one chunk at most is under way. */
  overlapped?: boolean;
  /** Deliveries per chunk (default 500: enough to share a commit, few enough to let the receiver in between). */
  chunkRows?: number;
  /** The secret in force, read for every delivery as the receiver does. */
  secret: () => string | null;
  onProgress?: ProgressListener;
  progressEvery?: number;
}

const defaultChunkRows = 500;
const reportedErrors = 100;

/** Imports a fixtures folder, a HAR file or an NDJSON export; unreadable entries are skipped and reported. */
export async function importPath(path: string, target: ImportTarget): Promise<ImportResult> {
  return importFrom(await openImportSource(path), target);
}

/** Stores what a source reads, a chunk at a time; unreadable entries are skipped and reported. */
export async function importFrom(source: ImportSource, target: ImportTarget): Promise<ImportResult> {
  const progress = new ProgressCounter(target.onProgress ?? noProgress, target.progressEvery ?? 100, source.total);
  const errors: string[] = [];
  let imported = 0;
  let skipped = 0;
  const chunkRows = target.chunkRows ?? defaultChunkRows;
  let chunk: DeliveryRecord[] = [];
  // The chunk being stored: counted as imported (and as progress) once stored.
  let storing: Promise<void> = Promise.resolve();
  const commit = async () => {
    const records = chunk;
    chunk = [];
    if (records.length === 0) return;
    const before = storing;
    storing = Promise.resolve(target.storeChunk(records)).then(() => {
      imported += records.length;
      for (let i = 0; i < records.length; i++) progress.advance();
    });
    // Awaited below (or at the next chunk); never left unhandled meanwhile.
    storing.catch(() => {});
    await (target.overlapped ? before : storing);
  };
  try {
    for await (const outcome of source.outcomes) {
      if ('error' in outcome) {
        skipped += 1;
        if (errors.length < reportedErrors) errors.push(`${outcome.where}: ${outcome.error}`);
        progress.advance();
        continue;
      }
      chunk.push(importedRecord(outcome.item, target.secret()));
      if (chunk.length >= chunkRows) await commit();
    }
    await commit();
    await storing;
  } finally {
    progress.finish();
  }
  if (skipped > errors.length) errors.push(`… and ${skipped - errors.length} more skipped`);
  return { imported, skipped, errors };
}
