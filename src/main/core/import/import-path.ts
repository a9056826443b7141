import type { ImportResult } from '../../../shared/fixtures';
import { ProgressCounter, noProgress, type ProgressListener } from '../export/progress';
import type { DeliveryRecord } from '../delivery-record/delivery-record';
import { importedRecord, type ImportSource } from './import-item';
import { overLimit } from './import-limits';
import { openImportSource } from './open-source';

export interface ImportTarget {
  /** Stores a chunk of deliveries; settles once they are committed (the core's group commit, or a command's bulk writer). */
  storeChunk: (records: DeliveryRecord[]) => Promise<unknown> | unknown;
  /** Whether the next chunk is read while this one is stored (a writer on another thread): one chunk at most is under way. */
  overlapped?: boolean;
  /** Deliveries per chunk (default 500: enough to share a commit, few enough to let the receiver in between). */
  chunkRows?: number;
  /** Body bytes per chunk, at most (default 1 MiB; one delivery whatever its size). */
  chunkBytes?: number;
  /** The secret in force, read for every delivery as the receiver does. */
  secret: () => string | null;
  /** The body limit in force (the receiver's): a delivery over it is skipped and named, never stored. */
  bodyLimitBytes: number;
  onProgress?: ProgressListener;
  progressEvery?: number;
}

const defaultChunkRows = 500;
/**
 * A chunk is stored once its bodies reach this too, so that what is under way stays small whatever the bodies' size
 * (on a server the garbage of reading each one, in its writer thread too, grows with it: issue 39's import memory).
 */
const defaultChunkBytes = 1024 * 1024;
const reportedErrors = 100;

/** Imports a fixtures folder, a HAR file or an NDJSON export; unreadable entries are skipped and reported. */
export async function importPath(path: string, target: ImportTarget): Promise<ImportResult> {
  return importFrom(await openImportSource(path, { bodyLimitBytes: target.bodyLimitBytes }), target);
}

/** Stores what a source reads, a chunk at a time; unreadable entries are skipped and reported. */
export async function importFrom(source: ImportSource, target: ImportTarget): Promise<ImportResult> {
  const progress = new ProgressCounter(target.onProgress ?? noProgress, target.progressEvery ?? 100, source.total);
  const errors: string[] = [];
  let imported = 0;
  let skipped = 0;
  const chunkRows = target.chunkRows ?? defaultChunkRows;
  const chunkBytesLimit = target.chunkBytes ?? defaultChunkBytes;
  let chunk: DeliveryRecord[] = [];
  let chunkBytes = 0;
  // The chunk being stored: counted as imported (and as progress) once stored.
  let storing: Promise<void> = Promise.resolve();
  const commit = async () => {
    const records = chunk;
    chunk = [];
    chunkBytes = 0;
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
    const skip = (where: string, error: string) => {
      skipped += 1;
      if (errors.length < reportedErrors) errors.push(`${where}: ${error}`);
      progress.advance();
    };
    for await (const outcome of source.outcomes) {
      if ('error' in outcome) {
        skip(outcome.where, outcome.error);
        continue;
      }
      // Every reader holds bodies to the limit as it reads; this is the rule, whatever the source.
      const bodyBytes = outcome.item.raw.body.byteLength;
      if (bodyBytes > target.bodyLimitBytes) {
        skip(outcome.where, overLimit(bodyBytes, { bodyLimitBytes: target.bodyLimitBytes }));
        continue;
      }
      chunk.push(importedRecord(outcome.item, target.secret()));
      chunkBytes += bodyBytes;
      if (chunk.length >= chunkRows || chunkBytes >= chunkBytesLimit) await commit();
    }
    await commit();
    await storing;
  } finally {
    progress.finish();
  }
  if (skipped > errors.length) errors.push(`… and ${skipped - errors.length} more skipped`);
  return { imported, skipped, errors };
}
