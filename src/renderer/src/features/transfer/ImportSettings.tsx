import { useState } from 'react';
import type { ImportResult } from '../../../../shared/fixtures';
import { call } from '../../api/client';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { useCallAction } from '../../hooks/useCallAction';
import { formatCount } from '../../lib/format';
import { TransferProgressBar } from './TransferProgressBar';

/** Brings a fixtures folder, a HAR file or an NDJSON export back in; imported deliveries are analyzed like live ones. */
export function ImportSettings() {
  const [path, setPath] = useState('');
  const [result, setResult] = useState<ImportResult | null>(null);
  const run = useCallAction(async (from: string) => {
    setResult(null);
    setResult(await call('import.path', { path: from }));
    return '';
  });

  return (
    <section className="settings-card" aria-labelledby="settings-import-title">
      <h2 id="settings-import-title">Import</h2>
      <p className="muted">
        A fixtures folder, a HAR file or an NDJSON export on this machine. Imported deliveries are marked as such and analyzed like live ones;
        entries that cannot be read are skipped and listed.
      </p>
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
      {result && !run.busy && <ImportOutcome result={result} />}
    </section>
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
