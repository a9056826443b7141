import type { AuditEntry } from '../../../../shared/team';
import { call } from '../../api/client';

const pageSize = 500;

/** The whole audit log, newest first, one line of JSON per entry (as the list shows it: secrets were never kept). */
export async function auditLogNdjson(): Promise<string> {
  const entries: AuditEntry[] = [];
  let beforeId: number | null | undefined;
  do {
    const page = await call('audit.list', { limit: pageSize, ...(beforeId ? { beforeId } : {}) });
    entries.push(...page.items);
    beforeId = page.nextBeforeId;
  } while (beforeId !== null);
  return entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
}
