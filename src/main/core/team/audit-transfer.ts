import type { TransferRecord } from './transfer-record';
import type { AuditLog } from './audit-log';
import type { Logger } from '../logger';

/** A download or an upload, recorded like the calls: `export.download` / `import.upload`, by whom, how it ended (the status answered). */
export function auditTransfer(audit: AuditLog, record: TransferRecord, logger: Logger): void {
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
    .catch((error: Error) => logger.error(`audit: could not record a ${record.action} (${error.message})`));
}
