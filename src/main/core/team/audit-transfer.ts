import type { TransferRecord } from '../control/transfer-routes';
import type { AuditLog } from './audit-log';

const statusOf: Record<TransferRecord['outcome'], number> = { done: 200, refused: 403, failed: 500 };

/** A download or an upload, recorded like the calls: `export.download` / `import.upload`, by whom, how it ended. */
export function auditTransfer(audit: AuditLog, record: TransferRecord, log: (line: string) => void): void {
  const status = statusOf[record.outcome];
  void audit
    .record({
      actor: record.user ?? 'personal',
      action: record.action === 'export' ? 'export.download' : 'import.upload',
      target: record.subject,
      details: { [record.action === 'export' ? 'format' : 'file']: record.subject, result: record.detail },
      status,
      ...(status === 200 ? {} : { error: record.detail }),
    })
    .catch((error: Error) => log(`audit: could not record a ${record.action} (${error.message})`));
}
