import { useState } from 'react';
import type { FixtureExportOptions } from '../../../../shared/fixtures';
import type { DeliverySelection } from '../../../../shared/replay';
import { call } from '../../api/client';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { useCallAction } from '../../hooks/useCallAction';
import { plural } from '../../lib/format';
import { ExportedPath } from './ExportedPath';
import { TransferProgressBar } from './TransferProgressBar';

interface FixturesDraft {
  /** Typed here only; it goes in the export's manifest, never anywhere else. */
  testSecret: string;
  redact: boolean;
  strip: boolean;
  outDir: string;
}

const emptyDraft: FixturesDraft = { testSecret: '', redact: false, strip: false, outDir: '' };

/** A fixtures folder for tests: one JSON and one raw .body file per delivery, and a manifest. */
export function ExportFixturesForm({ selection }: { selection: DeliverySelection }) {
  const [draft, setDraft] = useState<FixturesDraft>(emptyDraft);
  const [written, setWritten] = useState<{ path: string; deliveries: number } | null>(null);
  const resigning = draft.testSecret !== '';

  const run = useCallAction(async (options: FixtureExportOptions) => {
    setWritten(null);
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
          ...(outDir === '' ? {} : { outDir }),
        });
      }}
    >
      <label className="field">
        <span>
          Test secret to re-sign with <span className="muted">optional</span>
        </span>
        <input
          type="password"
          data-testid="export-fixtures-test-secret"
          autoComplete="off"
          spellCheck={false}
          maxLength={4096}
          placeholder="goes in the manifest"
          value={draft.testSecret}
          onChange={(event) => edit({ testSecret: event.target.value })}
        />
      </label>
      <label className="field">
        <span>
          Output folder <span className="muted">optional</span>
        </span>
        <input
          type="text"
          data-testid="export-fixtures-out-dir"
          spellCheck={false}
          placeholder="default: the data folder's exports/"
          value={draft.outDir}
          onChange={(event) => edit({ outDir: event.target.value })}
        />
      </label>
      <label className="field checkbox-field">
        <input type="checkbox" data-testid="export-fixtures-redact" checked={draft.redact} onChange={(event) => edit({ redact: event.target.checked })} />
        <span>Redact recipient emails and names (the same input always gets the same fake)</span>
      </label>
      <label className="field checkbox-field">
        <input
          type="checkbox"
          data-testid="export-fixtures-strip"
          checked={draft.strip && !resigning}
          disabled={resigning}
          onChange={(event) => edit({ strip: event.target.checked })}
        />
        <span>
          Strip the original signatures{resigning && <span className="muted"> (re-signing replaces them)</span>}
        </span>
      </label>
      <div className="replay-actions">
        <button type="submit" className="primary" data-testid="export-fixtures-run" disabled={run.busy}>
          {run.busy ? 'Exporting…' : 'Export'}
        </button>
        <TransferProgressBar kind="export" active={run.busy} />
      </div>
      <CallErrorMessage error={run.error} testId="export-fixtures-error" />
      {written && !run.busy && (
        <ExportedPath path={written.path} lead={`Wrote ${plural(written.deliveries, 'fixture')} to`} testId="export-fixtures-result" />
      )}
    </form>
  );
}
