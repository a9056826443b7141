import { useState } from 'react';
import type { ImportResult } from '../../../../shared/fixtures';
import { call } from '../../api/client';
import { uploadImport } from '../../api/transfers';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { useCallAction } from '../../hooks/useCallAction';
import { useTeamServer } from '../../hooks/useTeamServer';
import { formatBytes, formatCount } from '../../lib/format';
import { TransferProgressBar } from './TransferProgressBar';

/**
 * Brings a fixtures folder, a HAR file or an NDJSON export back in; imported deliveries are analyzed like live ones.
 * From a path on this machine, or on a team server (which reads no files of its own for a user) as an upload.
 */
export function ImportSettings({ bodyLimitBytes }: { bodyLimitBytes: number }) {
  const team = useTeamServer();
  const [result, setResult] = useState<ImportResult | null>(null);
  return (
    <section className="settings-card" aria-labelledby="settings-import-title">
      <h2 id="settings-import-title">Import</h2>
      <p className="muted" data-testid="import-body-limit">
        Each delivery is held to the receiver's body limit, {formatBytes(bodyLimitBytes)}: one whose body is larger is skipped and listed, never
        stored.
      </p>
      {team === true && (
        <>
          <p className="muted">
            A fixtures archive (.tar.gz, as downloaded from Export fixtures), a HAR file or an NDJSON export from your computer: it is uploaded and
            imported as it arrives (at most two uploads of yours at once; the server answers 429 when it is busy with others). Imported deliveries are marked as such and analyzed like live ones; entries that cannot be read are skipped
            and listed.
          </p>
          <UploadImportForm onResult={setResult} />
        </>
      )}
      {team === false && (
        <>
          <p className="muted">
            A fixtures folder, a HAR file or an NDJSON export on this machine. Imported deliveries are marked as such and analyzed like live ones;
            entries that cannot be read are skipped and listed.
          </p>
          <PathImportForm onResult={setResult} />
        </>
      )}
      {result && <ImportOutcome result={result} />}
    </section>
  );
}

function PathImportForm({ onResult }: { onResult: (result: ImportResult | null) => void }) {
  const [path, setPath] = useState('');
  const run = useCallAction(async (from: string) => {
    onResult(null);
    onResult(await call('import.path', { path: from }));
    return '';
  });
  return (
    <>
      <form
        className="settings-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (path.trim() !== '') void run.run(path.trim());
        }}
      >
        <label className="field grow">
          <span>Path</span>
          <input
            type="text"
            data-testid="import-path"
            spellCheck={false}
            placeholder="/home/me/fixtures/2024-05-01 or capture.har or export.ndjson"
            value={path}
            onChange={(event) => {
              run.clear();
              setPath(event.target.value);
            }}
          />
        </label>
        <button type="submit" className="primary" data-testid="import-run" disabled={run.busy || path.trim() === ''}>
          {run.busy ? 'Importing…' : 'Import'}
        </button>
      </form>
      <TransferProgressBar kind="import" active={run.busy} />
      <CallErrorMessage error={run.error} testId="import-error" />
    </>
  );
}

function UploadImportForm({ onResult }: { onResult: (result: ImportResult | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<{ sent: number; total: number } | null>(null);
  const run = useCallAction(async (chosen: File) => {
    onResult(null);
    setSent({ sent: 0, total: chosen.size });
    try {
      onResult(await uploadImport(chosen, (done, total) => setSent({ sent: done, total })));
    } finally {
      setSent(null);
    }
    return '';
  });
  return (
    <>
      <form
        className="settings-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (file) void run.run(file);
        }}
      >
        <label className="field grow">
          <span>File</span>
          <input
            type="file"
            data-testid="import-file"
            accept=".gz,.tgz,.tar,.har,.ndjson,.jsonl,.json"
            onChange={(event) => {
              run.clear();
              setFile(event.target.files?.[0] ?? null);
            }}
          />
        </label>
        <button type="submit" className="primary" data-testid="import-upload" disabled={run.busy || file === null}>
          {run.busy ? 'Importing…' : 'Upload and import'}
        </button>
      </form>
      {sent && sent.sent < sent.total && (
        <div className="transfer-progress" data-testid="upload-progress" role="status">
          <progress max={sent.total} value={sent.sent} aria-label="Uploading the file" />
          <span className="muted num">
            Uploading… {formatBytes(sent.sent)} / {formatBytes(sent.total)}
          </span>
        </div>
      )}
      <TransferProgressBar kind="import" active={run.busy} />
      <CallErrorMessage error={run.error} testId="import-error" />
    </>
  );
}

function ImportOutcome({ result }: { result: ImportResult }) {
  const { imported, skipped, errors } = result;
  return (
    <div className="import-result" role="status" data-testid="import-result" data-imported={imported} data-skipped={skipped} data-errors={errors.length}>
      <p>
        <span className={imported > 0 ? 'ok-text' : undefined}>{formatCount(imported)} imported</span>
        <span className="muted"> · {formatCount(skipped)} skipped</span>
        {errors.length > 0 && <span className="error-text"> · {formatCount(errors.length)} could not be read</span>}
      </p>
      {errors.length > 0 && (
        <ul className="import-errors error-text">
          {errors.map((error, index) => (
            <li key={index}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
