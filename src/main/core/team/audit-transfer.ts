import type { TransferRecord } from './transfer-record';
import type { AuditLog } from './audit-log';

/** A download or an upload, recorded like the calls: `export.download` / `import.upload`, by whom, how it ended (the status answered). */
export function auditTransfer(audit: AuditLog, record: TransferRecord, log: (line: string) => void): void {
  const status = record.status;
  void audit
    .record({
      actor: record.user ?? 'personal',
      action: record.action === 'export' ? 'export.download' : 'import.upload',
      target: record.subject,
      details: { [record.action === 'export' ? 'format' : 'file']: record.subject, result: record.detail },
      status,
      ...(record.outcome === 'done' ? {} : { error: record.detail }),
    })
    .catch((error: Error) => log(`audit: could not record a ${record.action} (${error.message})`));
}
