import { useMutation } from '@tanstack/react-query';
import { downloadExport } from '../../api/transfers';
import { ActionOutcome } from '../../components/ActionOutcome';
import { useTeamServer } from '../../hooks/useTeamServer';
import { savedLine } from './saved-line';

/** On a team server, every stored delivery as a download: the NDJSON `webhook-inspector export --format ndjson` writes. */
export function ExportAllSettings() {
  const team = useTeamServer();
  const run = useMutation({ mutationFn: () => downloadExport({ format: 'ndjson' }) });
  if (team !== true) return null;
  return (
    <section className="settings-card" aria-labelledby="settings-export-title">
      <h2 id="settings-export-title">Export</h2>
      <p className="muted">
        Every stored delivery as NDJSON (one object a line, the same as the CLI&apos;s export --format ndjson), downloaded to your computer. Fixtures and
        HAR of a delivery, a selection, a duplicate group or a lifecycle are downloaded from their own views.
      </p>
      <div className="settings-row">
        <button type="button" className="primary" data-testid="export-ndjson" disabled={run.isPending} onClick={() => run.mutate()}>
          {run.isPending ? 'Downloading…' : 'Download NDJSON'}
        </button>
      </div>
      <ActionOutcome error={run.error} done={run.data ? savedLine(run.data) : null} testId="export-ndjson" />
    </section>
  );
}
