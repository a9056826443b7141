import { z } from 'zod';
import { ExportResult, FixtureExportOptions, ImportResult, TransferProgress } from '../fixtures';
import { DeliverySelection } from '../replay';
import type { Role } from '../role';

/** Exports of the stored deliveries and imports into them, on this machine's paths. */
export const calls = {
  /**
   * A fixtures folder: one JSON file and one raw .body file per delivery, and a manifest. Refused (403) on a team
   * server, which writes no files of its own for a user: it offers the folder as a download (POST /transfer/export).
   */
  'export.fixtures': { input: FixtureExportOptions, output: ExportResult },
  /** HAR 1.2 of the selection, as text (the UI saves it). */
  'export.har': { input: z.object({ selection: DeliverySelection }), output: z.object({ har: z.string() }) },
  /** A curl command that sends the exact stored bytes. */
  'export.curl': {
    input: z.object({ deliveryId: z.number().int(), url: z.url({ protocol: /^https?$/ }).optional() }),
    output: z.object({ command: z.string() }),
  },
  /** Imports a fixtures folder, a HAR file or an NDJSON export from a path on this machine; a team server takes uploads instead (POST /transfer/import). */
  'import.path': { input: z.object({ path: z.string().min(1) }), output: ImportResult },
} as const;

/** The least role each call needs (contract.ts joins them; roles.ts says what a role allows). */
export const roles = {
  'export.fixtures': 'member',
  'export.har': 'member',
  'export.curl': 'viewer',
  'import.path': 'member',
} as const satisfies Record<keyof typeof calls, Role>;

export const events = {
  'transfer.progress': TransferProgress,
} as const;
