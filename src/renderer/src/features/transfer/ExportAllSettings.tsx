import { nativeExtras } from '../../api/native-extras';
import { downloadExport } from '../../api/transfers';
import { ActionOutcome } from '../../components/ActionOutcome';
import { useCallAction } from '../../hooks/useCallAction';
import { useTeamServer } from '../../hooks/useTeamServer';

/** On a team server, every stored delivery as a download: the NDJSON `webhook-inspector export --format ndjson` writes. */
export function ExportAllSettings() {
  const team = useTeamServer();
  const run = useCallAction(async () => {
    const saved = await downloadExport({ format: 'ndjson' });
    if (saved.path) return `Saved ${saved.name} to ${saved.path}.`;
    return typeof nativeExtras().saveFile === 'function' ? 'Not saved.' : `Downloaded ${saved.name}.`;
  });
  if (team !== true) return null;
  return (
    <section className="settings-card" aria-labelledby="settings-export-title">
      <h2 id="settings-export-title">Export</h2>
      <p className="muted">
        Every stored delivery as NDJSON (one object a line, the same as the CLI&apos;s export --format ndjson), downloaded to your computer. Fixtures and
        HAR of a delivery, a selection, a duplicate group or a lifecycle are downloaded from their own views.
      </p>
      <div className="settings-row">
        <button type="button" className="primary" data-testid="export-ndjson" disabled={run.busy} onClick={() => void run.run()}>
          {run.busy ? 'Downloading…' : 'Download NDJSON'}
        </button>
      </div>
      <ActionOutcome error={run.error} done={run.done} testId="export-ndjson" />
    </section>
  );
}
