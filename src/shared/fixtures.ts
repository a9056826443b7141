import { z } from 'zod';
import { DeliverySelection } from './replay';

export const FixtureExportOptions = z.object({
  selection: DeliverySelection,
  /** Re-sign every fixture with this test secret (it goes in the manifest; the real one never does). */
  testSecret: z.string().min(1).max(4096).optional(),
  /** Replace recipient emails and names with consistent fakes (the same input gives the same fake). */
  redact: z.boolean().default(false),
  /** Keep the original X-Service-Signature headers (ignored when re-signing). */
  keepSignatures: z.boolean().default(true),
  /** Folder to write; default: a new folder under the data dir's exports/. */
  outDir: z.string().optional(),
});
export type FixtureExportOptions = z.infer<typeof FixtureExportOptions>;

export const ExportResult = z.object({
  path: z.string(),
  deliveries: z.number().int(),
});

export const ImportResult = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.string()),
});
export type ImportResult = z.infer<typeof ImportResult>;

/** Progress of a long export or import. */
export const TransferProgress = z.object({
  jobId: z.string(),
  kind: z.enum(['export', 'import']),
  done: z.number().int(),
  total: z.number().int().nullable(),
  finished: z.boolean(),
});
export type TransferProgress = z.infer<typeof TransferProgress>;

/** A selection, or 'all': every stored delivery (as the CLI's export without --ids, --lifecycle or --group). */
const WholeStoreOr = z.union([z.literal('all'), DeliverySelection]).default('all');

/**
 * A download (POST /transfer/export, the body this JSON): the fixtures folder as a .tar.gz, HAR 1.2 of a
 * selection, or the NDJSON of every delivery; the same content as the CLI's `export --format …`.
 */
export const TransferExportRequest = z.discriminatedUnion('format', [
  FixtureExportOptions.omit({ outDir: true }).extend({ format: z.literal('fixtures'), selection: WholeStoreOr }),
  z.object({ format: z.literal('har'), selection: WholeStoreOr }),
  z.object({ format: z.literal('ndjson') }),
]);
export type TransferExportRequest = z.input<typeof TransferExportRequest>;
