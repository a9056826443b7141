import { useCallback, useEffect, useState } from 'react';
import type { AuditEntry, AuditPage, AuditRetentionLimits } from '../../../../shared/team';
import { call } from '../../api/client';
import { saveBytes } from '../../api/native-extras';
import { ActionOutcome } from '../../components/ActionOutcome';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { useCallAction } from '../../hooks/useCallAction';
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

function AuditLogPages() {
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [nextBeforeId, setNextBeforeId] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);

  const showPage = useCallback((beforeId: number | null, page: AuditPage) => {
    setEntries((shown) => (beforeId === null ? page.items : [...shown, ...page.items]));
    setNextBeforeId(page.nextBeforeId);
    setError(null);
  }, []);
  const load = useCallback(
    (beforeId: number | null) =>
      call('audit.list', { limit: pageSize, ...(beforeId === null ? {} : { beforeId }) }).then((page) => showPage(beforeId, page), setError),
    [showPage],
  );
  useEffect(() => {
    call('audit.list', { limit: pageSize }).then((page) => showPage(null, page), setError);
  }, [showPage]);

  const download = useCallAction(async () => {
    const text = await auditLogNdjson();
    const saved = await saveBytes(`audit-log-${new Date().toISOString().slice(0, 10)}.ndjson`, new TextEncoder().encode(text), 'application/x-ndjson');
    return saved === null ? 'Downloaded.' : `Saved to ${saved}.`;
  });

  return (
    <>
      <p className="muted">Every change made on this server: who, when, what (secrets are never kept) and how it ended.</p>
      <div className="audit-actions">
        <button type="button" onClick={() => void load(null)} data-testid="audit-refresh">
          Refresh
        </button>
        <button type="button" onClick={() => void download.run()} disabled={download.busy} data-testid="audit-download">
          {download.busy ? 'Preparing…' : 'Download (NDJSON)'}
        </button>
        <ActionOutcome error={download.error} done={download.done} testId="audit-download" />
      </div>
      <CallErrorMessage error={error} testId="audit-error" />
      {entries.length === 0 ? <p className="muted">Nothing recorded yet.</p> : <AuditLogTable entries={entries} />}
      {nextBeforeId !== null && (
        <button type="button" onClick={() => void load(nextBeforeId)} data-testid="audit-older">
          Older
        </button>
      )}
    </>
  );
}
