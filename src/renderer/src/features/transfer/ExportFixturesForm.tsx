import { useState } from 'react';
import type { FixtureExportOptions } from '../../../../shared/fixtures';
import type { DeliverySelection } from '../../../../shared/replay';
import { call } from '../../api/client';
import { downloadExport } from '../../api/transfers';
import { nativeExtras } from '../../api/native-extras';
import { useTeamServer } from '../../hooks/useTeamServer';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { useCallAction } from '../../hooks/useCallAction';
import { plural } from '../../lib/format';
import { ExportedPath } from './ExportedPath';
import { TransferProgressBar } from './TransferProgressBar';
import { CheckboxField, SecretField, TextField } from '../../components/form/fields';
import { RoleGate } from '../../components/RoleGate';

interface FixturesDraft {
  /** Typed here only; it goes in the export's manifest, never anywhere else. */
  testSecret: string;
  redact: boolean;
  strip: boolean;
  outDir: string;
}

const emptyDraft: FixturesDraft = { testSecret: '', redact: false, strip: false, outDir: '' };

/**
 * A fixtures folder for tests: one JSON and one raw .body file per delivery, and a manifest. Written to a folder on
 * this machine; on a team server, which writes no files of its own, downloaded as a .tar.gz of that folder.
 */
export function ExportFixturesForm({ selection }: { selection: DeliverySelection }) {
  const team = useTeamServer();
  const [draft, setDraft] = useState<FixturesDraft>(emptyDraft);
  const [written, setWritten] = useState<{ path: string; deliveries: number } | null>(null);
  const resigning = draft.testSecret !== '';

  const run = useCallAction(async (options: FixtureExportOptions) => {
    setWritten(null);
    if (team) {
      const saved = await downloadExport({ format: 'fixtures', ...options });
      if (saved.path) return `Saved ${saved.name} to ${saved.path}.`;
      return typeof nativeExtras().saveFile === 'function' ? 'Not saved.' : `Downloaded ${saved.name} (the fixtures folder as a .tar.gz).`;
    }
    setWritten(await call('export.fixtures', options));
    return '';
  });

  const edit = (change: Partial<FixturesDraft>) => {
    run.clear();
    setDraft({ ...draft, ...change });
  };

  return (
    <form
      className="export-fixtures-form"
      data-testid="export-fixtures-form"
      onSubmit={(event) => {
        event.preventDefault();
        const outDir = draft.outDir.trim();
        void run.run({
          selection,
          redact: draft.redact,
          keepSignatures: !draft.strip,
          ...(resigning ? { testSecret: draft.testSecret } : {}),
          ...(outDir === '' || team ? {} : { outDir }),
        });
      }}
    >
      <SecretField
        label={
          <>
            Test secret to re-sign with <span className="muted">optional</span>
          </>
        }
        testId="export-fixtures-test-secret"
        placeholder="goes in the manifest"
        value={draft.testSecret}
        onChange={(testSecret) => edit({ testSecret })}
      />
      {team === false && (
        <TextField
          label={
            <>
              Output folder <span className="muted">optional</span>
            </>
          }
          testId="export-fixtures-out-dir"
          placeholder="default: the data folder's exports/"
          value={draft.outDir}
          onChange={(outDir) => edit({ outDir })}
        />
      )}
      <CheckboxField
        testId="export-fixtures-redact"
        checked={draft.redact}
        onChange={(redact) => edit({ redact })}
        label="Redact recipient emails and names (the same input always gets the same fake)"
      />
      <CheckboxField
        testId="export-fixtures-strip"
        checked={draft.strip && !resigning}
        disabled={resigning}
        onChange={(strip) => edit({ strip })}
        label={<>Strip the original signatures{resigning && <span className="muted"> (re-signing replaces them)</span>}</>}
      />
      <div className="replay-actions">
        <RoleGate call="export.fixtures" doing="export fixtures" inline>
          <button type="submit" className="primary" data-testid="export-fixtures-run" disabled={run.busy || team === null}>
            {team ? (run.busy ? 'Downloading…' : 'Download .tar.gz') : run.busy ? 'Exporting…' : 'Export'}
          </button>
        </RoleGate>
        <TransferProgressBar kind="export" active={run.busy} />
      </div>
      <CallErrorMessage error={run.error} testId="export-fixtures-error" />
      {run.done && !run.busy && (
        <p className="ok-text" role="status" data-testid="export-fixtures-downloaded">
          {run.done}
        </p>
      )}
      {written && !run.busy && (
        <ExportedPath path={written.path} lead={`Wrote ${plural(written.deliveries, 'fixture')} to`} testId="export-fixtures-result" />
      )}
    </form>
  );
}
