import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { calls, type CallInput } from '../../../../shared/contract';
import type { ImportResult } from '../../../../shared/fixtures';
import { call } from '../../api/client';
import { uploadImport } from '../../api/transfers';
import { CallErrorMessage } from '../../components/CallErrorMessage';
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

/** The path as typed, trimmed, checked by import.path's schema. */
const PathFields = z
  .object({ path: z.string() })
  .transform(({ path }) => ({ path: path.trim() }))
  .pipe(calls['import.path'].input);

/** What an import form reports to the card: nothing yet while it runs, then its result. */
type OnResult = (result: ImportResult | null) => void;

function PathImportForm({ onResult }: { onResult: OnResult }) {
  const form = useForm<z.input<typeof PathFields>, unknown, CallInput<'import.path'>>({ resolver: zodResolver(PathFields), defaultValues: { path: '' } });
  const path = useWatch({ control: form.control, name: 'path' });
  const run = useMutation({
    mutationFn: (input: CallInput<'import.path'>) => call('import.path', input),
    onMutate: () => onResult(null),
    onSuccess: onResult,
  });
  return (
    <>
      <form className="settings-row" noValidate onSubmit={form.handleSubmit((input) => run.mutate(input))} onChange={() => run.reset()}>
        <label className="field grow">
          <span>Path</span>
          <input
            type="text"
            data-testid="import-path"
            spellCheck={false}
            placeholder="/home/me/fixtures/2024-05-01 or capture.har or export.ndjson"
            {...form.register('path')}
          />
        </label>
        <button type="submit" className="primary" data-testid="import-run" disabled={run.isPending || path.trim() === ''}>
          {run.isPending ? 'Importing…' : 'Import'}
        </button>
      </form>
      <TransferProgressBar kind="import" active={run.isPending} />
      <CallErrorMessage error={run.error} testId="import-error" />
    </>
  );
}

function UploadImportForm({ onResult }: { onResult: OnResult }) {
  const form = useForm<{ files: FileList | null }>({ defaultValues: { files: null } });
  const file = useWatch({ control: form.control, name: 'files' })?.[0];
  const [sent, setSent] = useState<{ sent: number; total: number } | null>(null);
  const run = useMutation({
    mutationFn: (chosen: File) => uploadImport(chosen, (done, total) => setSent({ sent: done, total })),
    onMutate: (chosen) => {
      onResult(null);
      setSent({ sent: 0, total: chosen.size });
    },
    onSuccess: onResult,
    onSettled: () => setSent(null),
  });
  return (
    <>
      <form
        className="settings-row"
        noValidate
        onSubmit={form.handleSubmit(({ files }) => {
          const chosen = files?.[0];
          if (chosen) run.mutate(chosen);
        })}
        onChange={() => run.reset()}
      >
        <label className="field grow">
          <span>File</span>
          <input type="file" data-testid="import-file" accept=".gz,.tgz,.tar,.har,.ndjson,.jsonl,.json" {...form.register('files')} />
        </label>
        <button type="submit" className="primary" data-testid="import-upload" disabled={run.isPending || file === undefined}>
          {run.isPending ? 'Importing…' : 'Upload and import'}
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
      <TransferProgressBar kind="import" active={run.isPending} />
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
