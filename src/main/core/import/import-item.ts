import type { RawDelivery } from '../analysis/types';
import { buildDeliveryRecord } from '../delivery-record/build-record';
import type { DeliveryRecord } from '../delivery-record/delivery-record';

/** One delivery read from an export file, before analysis. */
export interface ImportItem {
  raw: RawDelivery;
  receivedAt: number;
  remoteAddress: string | null;
  tls: boolean;
  /** The answer the receiver gave when it was first received, when the file says. */
  response: { status: number; body: string; reason: string } | null;
  /** The body's SHA-256 when reading the file already computed it (to check the file's own), so it is not computed twice. */
  bodySha256?: string | null;
}

/** Each item a source yields: the delivery at `where`, or why the entry there was skipped. */
export type ReadOutcome = { where: string; item: ImportItem } | { where: string; error: string };

export interface ImportSource {
  /** How many entries, when known up front. */
  total: number | null;
  outcomes: AsyncIterable<ReadOutcome>;
}

/** Analyzed exactly as a live delivery is (the ingest path's own function), with the secret in force, and marked imported. */
export function importedRecord(item: ImportItem, secret: string | null): DeliveryRecord {
  return buildDeliveryRecord(
    item.raw,
    { receivedAt: item.receivedAt, remoteAddress: item.remoteAddress, tls: item.tls, imported: true },
    secret,
    () => item.response ?? { status: 0, body: '', reason: 'imported: the file records no answer' },
    item.bodySha256 ?? undefined,
  );
}

/** An ISO-8601 time as epoch ms, or null when it is not one. */
export function parseTime(text: string): number | null {
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/** The text without the UTF-8 byte-order mark some editors and tools write first. */
export function withoutByteOrderMark(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}
