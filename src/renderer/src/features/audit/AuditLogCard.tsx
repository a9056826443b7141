import { useMutation } from '@tanstack/react-query';
import type { AuditRetentionLimits } from '../../../../shared/team';
import { call } from '../../api/client';
import { saveBytes } from '../../api/native-extras';
import { usePagedCall } from '../../api/paged-query';
import { ActionOutcome } from '../../components/ActionOutcome';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { useSession } from '../../hooks/useSession';
import { onlyWhoMay } from '../../../../shared/roles';
import { auditLogNdjson } from './audit-export';
import { AuditLogTable } from './AuditLogTable';
import { AuditRetentionForm } from './AuditRetentionForm';

const pageSize = 50;

/** Settings → Audit log: who changed what on a team server, newest first, and how long it is kept; admins only. */
export function AuditLogCard({ retention = null }: { retention?: AuditRetentionLimits | null }) {
  const session = useSession();
  if (session === null) return null;
  return (
    <section className="settings-card" aria-labelledby="settings-audit-title" data-testid="audit-card">
      <h2 id="settings-audit-title">Audit log</h2>
      {!session.team ? (
        <p className="muted">Kept on a team server (serve --team) only: this inspector has one user, who may change everything.</p>
      ) : session.role !== 'admin' ? (
        <p className="muted" data-testid="audit-not-admin">
          {onlyWhoMay('audit.list', 'see the audit log')}.
        </p>
      ) : (
        <>
          {retention !== null && <AuditRetentionForm limits={retention} />}
          <AuditLogPages />
        </>
      )}
    </section>
  );
}

/** The whole log saved as a file (NDJSON): where, or that the browser downloaded it. */
async function downloadAuditLog(): Promise<string> {
  const text = await auditLogNdjson();
  const saved = await saveBytes(`audit-log-${new Date().toISOString().slice(0, 10)}.ndjson`, new TextEncoder().encode(text), 'application/x-ndjson');
  return saved === null ? 'Downloaded.' : `Saved to ${saved}.`;
}

function AuditLogPages() {
  const log = usePagedCall({
    queryKey: ['audit.list', 'pages'],
    fetch: async (beforeId, limit, signal) => {
      const page = await call('audit.list', { limit, beforeId }, { signal });
      return { items: page.items, extra: null, full: page.nextBeforeId !== null };
    },
    cursor: (entry) => entry.id,
    pageSize,
  });
  const download = useMutation({ mutationFn: downloadAuditLog });

  return (
    <>
      <p className="muted">Every change made on this server: who, when, what (secrets are never kept) and how it ended.</p>
      <div className="audit-actions">
        <button type="button" onClick={log.reload} data-testid="audit-refresh">
          Refresh
        </button>
        <button type="button" onClick={() => download.mutate()} disabled={download.isPending} data-testid="audit-download">
          {download.isPending ? 'Preparing…' : 'Download (NDJSON)'}
        </button>
        <ActionOutcome error={download.error} done={download.data ?? null} testId="audit-download" />
      </div>
      <CallErrorMessage error={log.error} testId="audit-error" />
      {log.items.length === 0 ? <p className="muted">Nothing recorded yet.</p> : <AuditLogTable entries={log.items} />}
      {log.hasMore && (
        <button type="button" onClick={log.loadMore} disabled={log.loadingMore} data-testid="audit-older">
          Older
        </button>
      )}
    </>
  );
}
