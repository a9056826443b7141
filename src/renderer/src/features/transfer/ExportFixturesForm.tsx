import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import type { CallOutput } from '../../../../shared/contract';
import type { DeliverySelection } from '../../../../shared/replay';
import { call } from '../../api/client';
import { downloadExport } from '../../api/transfers';
import { useTeamServer } from '../../hooks/useTeamServer';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { plural } from '../../lib/format';
import { ExportedPath } from './ExportedPath';
import { TransferProgressBar } from './TransferProgressBar';
import { CheckboxField, SecretField, TextField } from '../../components/form/fields';
import { fieldProblems } from '../../components/form/field-problems';
import { FormProblems } from '../../components/form/FormProblems';
import { RoleGate } from '../../components/RoleGate';
import { emptyFixturesFields, FixturesFields, type FixturesOptions } from './fixtures-fields';
import { savedLine } from './saved-line';

/** A download's line, or where a personal inspector wrote the folder. */
type Exported = string | CallOutput<'export.fixtures'>;

/**
 * A fixtures folder for tests: one JSON and one raw .body file per delivery, and a manifest. Written to a folder on
 * this machine; on a team server, which writes no files of its own, downloaded as a .tar.gz of that folder.
 */
export function ExportFixturesForm({ selection }: { selection: DeliverySelection }) {
  const team = useTeamServer();
  const form = useForm<FixturesFields, unknown, FixturesOptions>({ resolver: zodResolver(FixturesFields), defaultValues: emptyFixturesFields });
  const [testSecret, strip] = useWatch({ control: form.control, name: ['testSecret', 'strip'] });
  const resigning = testSecret !== '';
  const run = useMutation({
    mutationFn: async (options: FixturesOptions): Promise<Exported> =>
      team
        ? savedLine(await downloadExport({ format: 'fixtures', ...options, selection }), ' (the fixtures folder as a .tar.gz)')
        : call('export.fixtures', { ...options, selection }),
  });

  return (
    <form
      className="export-fixtures-form"
      data-testid="export-fixtures-form"
      noValidate
      onSubmit={form.handleSubmit((options) => run.mutate(options))}
      onChange={() => run.reset()}
    >
      <SecretField
        label={
          <>
            Test secret to re-sign with <span className="muted">optional</span>
          </>
        }
        testId="export-fixtures-test-secret"
        placeholder="goes in the manifest"
        registered={form.register('testSecret')}
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
          registered={form.register('outDir')}
        />
      )}
      <CheckboxField
        testId="export-fixtures-redact"
        registered={form.register('redact')}
        label="Redact recipient emails and names (the same input always gets the same fake)"
      />
      <CheckboxField
        testId="export-fixtures-strip"
        checked={strip && !resigning}
        disabled={resigning}
        onChange={(checked) => form.setValue('strip', checked)}
        label={<>Strip the original signatures{resigning && <span className="muted"> (re-signing replaces them)</span>}</>}
      />
      <div className="replay-actions">
        <RoleGate call="export.fixtures" doing="export fixtures" inline>
          <button type="submit" className="primary" data-testid="export-fixtures-run" disabled={run.isPending || team === null}>
            {team ? (run.isPending ? 'Downloading…' : 'Download .tar.gz') : run.isPending ? 'Exporting…' : 'Export'}
          </button>
        </RoleGate>
        <TransferProgressBar kind="export" active={run.isPending} />
      </div>
      <FormProblems problems={fieldProblems(form.formState.errors, { testSecret: 'Test secret', outDir: 'Output folder' })} testId="export-fixtures-problems" />
      <CallErrorMessage error={run.error} testId="export-fixtures-error" />
      {typeof run.data === 'string' && (
        <p className="ok-text" role="status" data-testid="export-fixtures-downloaded">
          {run.data}
        </p>
      )}
      {typeof run.data === 'object' && (
        <ExportedPath path={run.data.path} lead={`Wrote ${plural(run.data.deliveries, 'fixture')} to`} testId="export-fixtures-result" />
      )}
    </form>
  );
}
