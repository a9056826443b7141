/** One download or upload, for the audit log: who, what, and how it ended. */
export interface TransferRecord {
  user: string | null;
  action: 'export' | 'import';
  /** The export's format, or the uploaded file's name. */
  subject: string;
  outcome: 'done' | 'refused' | 'failed';
  /** How many deliveries, or why not. */
  detail: string;
  /** The status it was answered with (200 when done). */
  status: number;
}
